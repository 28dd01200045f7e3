import { Datagrid, DateField, FunctionField, List, NullableBooleanInput, SearchInput, TextField, useTranslate } from "react-admin";
import { Badge, Box, Typography } from "@mui/material";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import type { AdminConversation } from "../../server/schemas/admin-conversations.ts";
import { StatusChip } from "../components/status-chip.tsx";
import { senderLabel } from "./sender.ts";

function UnreadOnlyFilter(props: { source: string; alwaysOn?: boolean }) {
  const translate = useTranslate();
  return <NullableBooleanInput {...props} label={translate("loja.conversations.unread_only")} />;
}

const filters = [<SearchInput key="q" source="q" alwaysOn />, <UnreadOnlyFilter key="unread" source="unread" alwaysOn />];

function LastMessage({ c }: { c: AdminConversation }) {
  const translate = useTranslate();
  const who = translate(senderLabel(c.lastMessage.sender));
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, maxWidth: 420 }}>
      <Typography variant="body2" color="text.secondary" noWrap sx={{ fontWeight: c.unread > 0 ? 700 : 400 }}>
        {who}: {c.lastMessage.text || ""}
      </Typography>
      {c.lastMessage.type && <AttachFileIcon fontSize="inherit" />}
    </Box>
  );
}

/** Support inbox: latest message first, unread badges; refreshed live by RealtimeProvider. */
export function ConversationList() {
  return (
    <List filters={filters} sort={{ field: "lastMessageAt", order: "DESC" }} perPage={25}>
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
        <DateField source="lastMessageAt" showTime locales="pt-PT" />
      </Datagrid>
    </List>
  );
}
