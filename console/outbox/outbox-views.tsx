// The outbox (admin only, read-only): every e-mail the shop sent, is retrying, gave up on, or would send (without
// SMTP_URL nothing leaves and mails stay "pending"). The detail previews the HTML in a sandboxed iframe: no
// scripts, no same-origin access, no forms (sandbox=""), so a value a shopper typed cannot act in the console.
// The server renders the preview with the mail's secrets (a reset link's token) redacted; the page says so.
import {
  Datagrid,
  FunctionField,
  List,
  NumberField,
  SearchInput,
  SelectInput,
  Show,
  SimpleList,
  SimpleShowLayout,
  type ShowProps,
  TextField,
  useRecordContext,
  useTranslate,
} from "react-admin";
import { Chip, Typography, useMediaQuery, type Theme } from "@mui/material";
import { formatDateTime } from "../lib/format.ts";
import type { AdminOutboxMail } from "../../server/schemas/admin-outbox.ts";
import { OUTBOX_STATUSES } from "../../shared/outbox.ts";
import { ShopDateField } from "../components/date-field.tsx";

const STATUS_TONE = { pending: "warning", sent: "success", failed: "error", blocked: "default" } as const;
const statusChoices = OUTBOX_STATUSES.map((id) => ({ id, name: `loja.outbox.status.${id}` }));

function OutboxStatusChip({ status }: { status: AdminOutboxMail["status"] }) {
  const translate = useTranslate();
  return <Chip size="small" color={STATUS_TONE[status]} label={translate(`loja.outbox.status.${status}`)} />;
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
];

/** E-mail, WhatsApp or SMS, with what WhatsApp / the SMS provider reported (Entregue, Lida…). */
function ChannelLabel({ channel = "email", deliveryStatus }: { channel?: string; deliveryStatus?: string | null }) {
  const translate = useTranslate();
  const name = translate(`loja.orders.channel.${channel}`, { _: channel === "email" ? "Email" : channel });
  return <>{deliveryStatus ? `${name} · ${translate(`loja.orders.phone_state.${deliveryStatus}`, { _: deliveryStatus })}` : name}</>;
}

/** On a phone: one line per message (subject, to whom and how, its state), no table to scroll sideways. */
function PhoneOutbox() {
  return (
    <SimpleList<AdminOutboxMail>
      linkType="show"
      primaryText={(m) => m.subject}
      secondaryText={(m) => (
        <>
          {m.to} · <ChannelLabel channel={m.channel} deliveryStatus={m.deliveryStatus} /> · {formatDateTime(m.createdAt)}
          {(m.status === "blocked" || m.status === "failed") && m.lastError && (
            <Typography variant="caption" component="span" color="error" sx={{ display: "block" }}>
              {m.lastError}
            </Typography>
          )}
        </>
      )}
      tertiaryText={(m) => <OutboxStatusChip status={m.status} />}
      sx={{ "& .MuiListItemText-root": { overflowWrap: "anywhere" } }}
    />
  );
}

export function OutboxList() {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down("md"));
  return (
    <List filters={filters} sort={{ field: "createdAt", order: "DESC" }} perPage={25} exporter={false}>
      {phone ? <PhoneOutbox /> : <OutboxGrid />}
    </List>
  );
}

function OutboxGrid() {
  return (
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <ShopDateField source="createdAt" showTime />
      <FunctionField<AdminOutboxMail>
        source="channel"
        sortable={false}
        render={(m) => <ChannelLabel channel={m.channel} deliveryStatus={m.deliveryStatus} />}
      />
      <TextField source="to" />
      <TextField source="subject" />
      <FunctionField<AdminOutboxMail> source="status" render={(m) => <OutboxStatusChip status={m.status} />} />
      <NumberField source="attempts" />
      {/* Why a WhatsApp or SMS message was kept back, or the last send error. */}
      <FunctionField<AdminOutboxMail>
        source="lastError"
        sortable={false}
        render={(m) => (m.status === "blocked" || m.status === "failed" ? (m.lastError ?? "") : "")}
      />
    </Datagrid>
  );
}

/** The HTML part exactly as sent, shown inert. */
function MailPreview() {
  const mail = useRecordContext<AdminOutboxMail>();
  const translate = useTranslate();
  if (!mail?.html) return null;
  return (
    <iframe
      title={translate("loja.outbox.preview")}
      sandbox=""
      srcDoc={mail.html}
      style={{ width: "100%", maxWidth: 640, height: 560, border: "1px solid #ddd", background: "#fff" }}
    />
  );
}

function TextPart() {
  const mail = useRecordContext<AdminOutboxMail>();
  if (!mail?.text) return null;
  return (
    <Typography component="pre" variant="body2" sx={{ whiteSpace: "pre-wrap", fontFamily: "monospace", m: 0 }} data-testid="outbox-text">
      {mail.text}
    </Typography>
  );
}

function WouldBeSent() {
  const mail = useRecordContext<AdminOutboxMail>();
  const translate = useTranslate();
  if (mail?.status !== "pending") return null;
  return (
    <Typography variant="body2" color="text.secondary">
      {translate("loja.outbox.pending_help")}
    </Typography>
  );
}

/** Mails whose link is a secret of their recipient: the preview shows it redacted. */
const SECRET_KINDS = new Set(["password-reset", "phone-code"]);

function SecretRedacted() {
  const mail = useRecordContext<AdminOutboxMail>();
  const translate = useTranslate();
  if (!mail || !SECRET_KINDS.has(mail.kind)) return null;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="outbox-secret-help">
      {translate(mail.kind === "phone-code" ? "loja.outbox.code_help" : "loja.outbox.secret_help")}
    </Typography>
  );
}

export function OutboxShow(props: Omit<ShowProps, "children">) {
  return (
    <Show {...props}>
      <SimpleShowLayout>
        <TextField source="subject" />
        <TextField source="to" />
        <TextField source="kind" />
        <FunctionField<AdminOutboxMail> source="status" render={(m) => <OutboxStatusChip status={m.status} />} />
        <WouldBeSent />
        <NumberField source="attempts" />
        <TextField source="lastError" emptyText="—" />
        <ShopDateField source="createdAt" showTime />
        <ShopDateField source="sentAt" showTime emptyText="—" />
        <SecretRedacted />
        <MailPreview />
        <TextPart />
      </SimpleShowLayout>
    </Show>
  );
}
