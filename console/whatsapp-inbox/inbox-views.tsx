// "WhatsApp por atribuir" (docs/product/console.md#whatsapp-por-atribuir): shoppers' WhatsApp messages from phones no
// account verified, which the shop never puts in a chat by itself (someone may have typed another person's number
// at checkout). Each is a card: the phone, when, the text. Staff open the orders that phone appears on, each marked
// when its account confirmed the number, and post the message to one of them, or dismiss it.
import { useEffect, useState, type FormEvent } from "react";
import { List, SearchInput, useDataProvider, useListContext, useNotify, useRefresh, useTranslate } from "react-admin";
import { Link as RouterLink } from "react-router-dom";
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  FormControlLabel,
  Link,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from "@mui/material";
import type { AdminWhatsAppMessage } from "../../server/schemas/admin-whatsapp-inbox.ts";
import { WHATSAPP_INBOX_STATES, type WhatsAppInboxState } from "../../shared/messaging.ts";
import type { ConsoleDataProvider } from "../data-provider.ts";
import { FormDialog, useDialogRequest } from "../components/form-dialog.tsx";
import { ListTabs } from "../components/list-tabs.tsx";
import { formatDateTime } from "../lib/format.ts";

const STATE_TONE = { waiting: "warning", assigned: "success", dismissed: "default" } as const;

function StateChip({ state }: { state: WhatsAppInboxState }) {
  const translate = useTranslate();
  return <Chip size="small" color={STATE_TONE[state]} label={translate(`loja.whatsapp_inbox.state.${state}`)} data-testid="inbox-state" />;
}

function StateTabs() {
  const translate = useTranslate();
  const tabs = [
    ...WHATSAPP_INBOX_STATES.map((s) => ({ value: s, label: translate(`loja.whatsapp_inbox.tab.${s}`) })),
    { value: "all", label: translate("loja.whatsapp_inbox.tab.all") },
  ];
  return (
    <Box sx={{ display: "grid", gridTemplateColumns: "minmax(0, 1fr)" }}>
      <ListTabs
        tabs={tabs}
        current={(f) => (typeof f.state === "string" ? f.state : "all")}
        select={({ state: _old, ...rest }, value) => (value === "all" ? rest : { ...rest, state: value })}
      />
    </Box>
  );
}

function MessageCard({ message, onAssign, onDismiss }: { message: AdminWhatsAppMessage; onAssign(): void; onDismiss(): void }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" data-testid="inbox-message">
      <CardContent sx={{ pb: 1 }}>
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "center", justifyContent: "space-between" }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }} data-testid="inbox-from">
            {message.from}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatDateTime(message.receivedAt)}
          </Typography>
          <StateChip state={message.state} />
        </Box>
        <Typography variant="body1" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", mt: 1 }} data-testid="inbox-text">
          {message.text}
        </Typography>
        {message.state === "assigned" && message.order && (
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {translate("loja.whatsapp_inbox.posted_to")}{" "}
            <Link component={RouterLink} to={`/conversations/${message.order.id}/show`}>{`#${message.order.shortId}`}</Link>
          </Typography>
        )}
        {message.decidedBy && message.decidedAt && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {translate("loja.whatsapp_inbox.decided_by", { name: message.decidedBy, when: formatDateTime(message.decidedAt) })}
          </Typography>
        )}
      </CardContent>
      {message.state === "waiting" && (
        <CardActions sx={{ flexWrap: "wrap", gap: 1, px: 2, pb: 2 }}>
          <Button variant="contained" size="small" onClick={onAssign}>
            {translate("loja.whatsapp_inbox.assign")}
          </Button>
          <Button variant="outlined" size="small" onClick={onDismiss}>
            {translate("loja.whatsapp_inbox.dismiss")}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}

/** The message, as the dialogs show it above their choices. */
function Quoted({ message }: { message: AdminWhatsAppMessage }) {
  return (
    <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
      {`${message.from}: ${message.text}`}
    </Typography>
  );
}

/** Posts the message to one of its phone's orders (the orders are read when the dialog opens). */
export function AssignWhatsAppDialog({ message, onClose }: { message: AdminWhatsAppMessage; onClose(): void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [orders, setOrders] = useState<NonNullable<AdminWhatsAppMessage["orders"]> | null>(null);
  const [chosen, setChosen] = useState("");
  const { busy, error, setError, send } = useDialogRequest(onClose, translate("loja.whatsapp_inbox.failed"));

  useEffect(() => {
    let live = true;
    dataProvider.getOne<AdminWhatsAppMessage>("whatsapp-inbox", { id: message.id }).then(
      ({ data }) => live && setOrders(data.orders ?? []),
      (err: unknown) => live && setError(err instanceof Error ? err.message : translate("loja.whatsapp_inbox.failed")),
    );
    return () => {
      live = false;
    };
  }, [dataProvider, message.id, setError, translate]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!chosen) {
      setError(translate("loja.whatsapp_inbox.order_missing"));
      return;
    }
    await send(async () => {
      const posted = await dataProvider.assignWhatsAppMessage(message.id, chosen);
      notify(translate("loja.whatsapp_inbox.assigned", { order: `#${posted.order?.shortId ?? ""}` }), { type: "success" });
      refresh();
    });
  };

  return (
    <FormDialog
      title={translate("loja.whatsapp_inbox.assign_title")}
      intro={<Quoted message={message} />}
      submitLabel={translate("loja.whatsapp_inbox.assign_submit")}
      busy={busy || orders === null}
      error={error}
      maxWidth="sm"
      testId="inbox-assign-dialog"
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
    >
      <Typography variant="body2" color="text.secondary">
        {translate("loja.whatsapp_inbox.assign_help")}
      </Typography>
      {orders?.length === 0 && <Typography variant="body2">{translate("loja.whatsapp_inbox.no_orders")}</Typography>}
      {orders && orders.length > 0 && (
        <RadioGroup value={chosen} onChange={(_, value) => setChosen(value)} data-testid="inbox-orders">
          {orders.map((o) => (
            <FormControlLabel
              key={o.id}
              value={o.id}
              control={<Radio />}
              label={
                <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "center" }}>
                  <span>{`#${o.shortId} · ${o.customerName} · ${o.status} · ${formatDateTime(o.createdAt)}`}</span>
                  <Chip
                    size="small"
                    color={o.phoneVerified ? "success" : "default"}
                    label={translate(o.phoneVerified ? "loja.whatsapp_inbox.verified" : "loja.whatsapp_inbox.not_verified")}
                  />
                </Box>
              }
            />
          ))}
        </RadioGroup>
      )}
    </FormDialog>
  );
}

export function DismissWhatsAppDialog({ message, onClose }: { message: AdminWhatsAppMessage; onClose(): void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { busy, error, send } = useDialogRequest(onClose, translate("loja.whatsapp_inbox.failed"));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await send(async () => {
      await dataProvider.dismissWhatsAppMessage(message.id);
      notify(translate("loja.whatsapp_inbox.dismissed"), { type: "success" });
      refresh();
    });
  };
  return (
    <FormDialog
      title={translate("loja.whatsapp_inbox.dismiss_title")}
      intro={<Quoted message={message} />}
      submitLabel={translate("loja.whatsapp_inbox.dismiss")}
      busy={busy}
      error={error}
      testId="inbox-dismiss-dialog"
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
    >
      <Typography variant="body2" color="text.secondary">
        {translate("loja.whatsapp_inbox.dismiss_help")}
      </Typography>
    </FormDialog>
  );
}

/** The messages of the current page, for a List context (the resource page, or a test's ListContextProvider). */
export function WhatsAppMessages() {
  const translate = useTranslate();
  const { data, isPending } = useListContext<AdminWhatsAppMessage>();
  const [acting, setActing] = useState<{ message: AdminWhatsAppMessage; kind: "assign" | "dismiss" } | null>(null);
  if (isPending) return null;
  return (
    <Stack spacing={1} sx={{ p: { xs: 1, sm: 2 } }} data-testid="inbox-messages">
      <Typography variant="body2" color="text.secondary">
        {translate("loja.whatsapp_inbox.help")}
      </Typography>
      {data?.length ? (
        data.map((message) => (
          <MessageCard
            key={message.id}
            message={message}
            onAssign={() => setActing({ message, kind: "assign" })}
            onDismiss={() => setActing({ message, kind: "dismiss" })}
          />
        ))
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
          {translate("loja.whatsapp_inbox.empty")}
        </Typography>
      )}
      {acting?.kind === "assign" && <AssignWhatsAppDialog message={acting.message} onClose={() => setActing(null)} />}
      {acting?.kind === "dismiss" && <DismissWhatsAppDialog message={acting.message} onClose={() => setActing(null)} />}
    </Stack>
  );
}

const filters = [<SearchInput key="q" source="q" alwaysOn />];

export function WhatsAppInboxList() {
  return (
    <List
      filters={filters}
      filterDefaultValues={{ state: "waiting" }}
      sort={{ field: "receivedAt", order: "DESC" }}
      perPage={25}
      exporter={false}
      empty={false}
    >
      <StateTabs />
      <WhatsAppMessages />
    </List>
  );
}
