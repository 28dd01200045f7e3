import { useEffect, useState } from "react";
import { useDataProvider, useGetOne, useNotify, useTranslate } from "react-admin";
import { Box, Button, MenuItem, TextField } from "@mui/material";
import type { AdminConversation, AssigneesReply } from "../../server/schemas/admin-conversations.ts";
import { getSession } from "../lib/session.ts";
import type { ConsoleDataProvider } from "../data-provider.ts";

/** Who answers this conversation: "Atribuir a…" any active staff member (or nobody), or "Atribuir a mim". */
export function AssigneeControl({ orderId }: { orderId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { data: conversation, refetch } = useGetOne<AdminConversation>("conversations", { id: orderId });
  const [staff, setStaff] = useState<AssigneesReply["staff"]>([]);
  const me = getSession()?.user.id;
  useEffect(() => {
    dataProvider.getAssignees().then(setStaff, () => setStaff([]));
  }, [dataProvider]);
  const assign = async (assigneeId: string | null) => {
    try {
      await dataProvider.assignConversation(orderId, assigneeId);
      notify("loja.conversations.assigned", { type: "info" });
      await refetch();
    } catch (err) {
      notify(err instanceof Error && err.message ? err.message : translate("loja.conversations.assign_failed"), { type: "error" });
    }
  };
  if (!conversation) return null;
  const current = conversation.assignee?.id ?? "";
  return (
    <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1, mb: 1 }} data-testid="assignee-control">
      <TextField
        select
        size="small"
        label={translate("loja.conversations.assign_to")}
        value={staff.some((s) => s.id === current) ? current : ""}
        onChange={(e) => void assign(e.target.value || null)}
        sx={{ minWidth: 200, flex: "1 1 200px", maxWidth: "100%" }}
      >
        <MenuItem value="">{translate("loja.conversations.unassigned")}</MenuItem>
        {staff.map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {s.name}
          </MenuItem>
        ))}
      </TextField>
      {me && current !== me && (
        <Button size="small" variant="outlined" onClick={() => void assign(me)}>
          {translate("loja.conversations.assign_to_me")}
        </Button>
      )}
    </Box>
  );
}
