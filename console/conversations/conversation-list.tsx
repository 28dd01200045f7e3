import { Datagrid, FunctionField, List, NullableBooleanInput, SearchInput, SimpleList, TextField, useTranslate } from "react-admin";
import { Badge, Box, Typography, useMediaQuery, type Theme } from "@mui/material";
import { ListTabs } from "../components/list-tabs.tsx";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import type { AdminConversation } from "../../server/schemas/admin-conversations.ts";
import { formatDateTime } from "../lib/format.ts";
import { StatusChip } from "../components/status-chip.tsx";
import { senderLabel } from "./sender.ts";
import { conversationExporter } from "./export.ts";
import { ShopDateField } from "../components/date-field.tsx";

function UnreadOnlyFilter(props: { source: string; alwaysOn?: boolean }) {
  const translate = useTranslate();
  return <NullableBooleanInput {...props} label={translate("loja.conversations.unread_only")} />;
}

const filters = [<SearchInput key="q" source="q" alwaysOn />, <UnreadOnlyFilter key="unread" source="unread" alwaysOn />];

/** The inbox's views: every conversation, those where the customer spoke last, those assigned to me. */
const INBOX_TABS = [
  { value: "all", label: "loja.conversations.tab_all" },
  { value: "waiting", label: "loja.conversations.tab_waiting" },
  { value: "mine", label: "loja.conversations.tab_mine" },
] as const;

function InboxTabs() {
  const translate = useTranslate();
  return (
    <ListTabs
      tabs={INBOX_TABS.map((tab) => ({ value: tab.value, label: translate(tab.label) }))}
      current={(f) => (f.mine ? "mine" : f.waiting ? "waiting" : "all")}
      select={({ waiting: _w, mine: _m, ...rest }, value) => (value === "all" ? rest : { ...rest, [value]: true })}
    />
  );
}

function LastMessage({ c }: { c: AdminConversation }) {
  const translate = useTranslate();
  const who = translate(senderLabel(c.lastMessage.sender));
  return (
    <Box component="span" sx={{ display: "flex", alignItems: "center", gap: 0.5, maxWidth: 420, minWidth: 0 }}>
      {/* minWidth 0: a flex item is at least as wide as its text otherwise, and a long message would widen the table. */}
      <Typography component="span" variant="body2" color="text.secondary" noWrap sx={{ minWidth: 0, fontWeight: c.unread > 0 ? 700 : 400 }}>
        {who}: {c.lastMessage.text || ""}
      </Typography>
      {c.lastMessage.type && <AttachFileIcon fontSize="inherit" />}
    </Box>
  );
}

/** On a phone: one line per conversation (order, customer, who wrote last, assignee), no table to scroll sideways. */
function PhoneInbox() {
  const translate = useTranslate();
  return (
    <SimpleList<AdminConversation>
      linkType="show"
      primaryText={(c) => `#${c.shortId} · ${c.customer.name}`}
      secondaryText={(c) => (
        <>
          <LastMessage c={c} />
          {c.assignee && (
            <Typography variant="caption" color="text.secondary" component="span" sx={{ display: "block" }}>
              {translate("loja.conversations.assignee")}: {c.assignee.name}
            </Typography>
          )}
        </>
      )}
      tertiaryText={(c) =>
        c.unread > 0 ? (
          <Badge color="error" badgeContent={c.unread} data-testid={`unread-${c.id}`} sx={{ mr: 1 }} />
        ) : (
          formatDateTime(c.lastMessageAt)
        )
      }
    />
  );
}

function DesktopInbox() {
  return (
    <Datagrid rowClick="show" bulkActionButtons={false} rowSx={(r) => (r.unread > 0 ? { background: "rgba(31,58,95,.06)" } : {})}>
      <FunctionField<AdminConversation>
        source="unread"
        sortable={false}
        render={(c) => <Badge color="error" badgeContent={c.unread} data-testid={`unread-${c.id}`} sx={{ ml: 1 }} />}
      />
      <FunctionField<AdminConversation> source="shortId" sortable={false} render={(c) => `#${c.shortId}`} />
      <TextField source="customer.name" sortable={false} />
      <FunctionField<AdminConversation> source="lastMessage" sortable={false} render={(c) => <LastMessage c={c} />} />
      <FunctionField<AdminConversation> source="status" sortable={false} render={(c) => <StatusChip status={c.status} />} />
      <FunctionField<AdminConversation> source="assignee" sortable={false} render={(c) => c.assignee?.name ?? ""} />
      <ShopDateField source="lastMessageAt" showTime />
    </Datagrid>
  );
}

function Inbox() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down("md"));
  return (
    <>
      <InboxTabs />
      {small ? <PhoneInbox /> : <DesktopInbox />}
    </>
  );
}

/** Support inbox: latest message first, unread badges, waiting/mine tabs; refreshed live by RealtimeProvider. */
export function ConversationList() {
  return (
    <List filters={filters} sort={{ field: "lastMessageAt", order: "DESC" }} perPage={25} exporter={conversationExporter}>
      <Inbox />
    </List>
  );
}
