import { useState } from "react";
import { useDataProvider, useGetList, useNotify, useTranslate } from "react-admin";
import { Button, Menu, MenuItem } from "@mui/material";
import QuickreplyIcon from "@mui/icons-material/Quickreply";
import type { AdminQuickReply } from "../../server/schemas/admin-support.ts";
import { fillQuickReply } from "../../shared/support.ts";
import type { ConsoleDataProvider } from "../data-provider.ts";

/** "Respostas rápidas": puts the chosen saved answer, its placeholders filled from the shop's settings, in the box. */
export function QuickReplyMenu({ onPick }: { onPick: (text: string) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { data: replies } = useGetList<AdminQuickReply>("quick-replies", {
    pagination: { page: 1, perPage: 100 },
    sort: { field: "title", order: "ASC" },
  });
  const pick = async (reply: AdminQuickReply) => {
    setAnchor(null);
    try {
      onPick(fillQuickReply(reply.text, await dataProvider.getShopBank()));
    } catch {
      notify("ra.notification.http_error", { type: "error" });
    }
  };
  return (
    <>
      <Button
        size="small"
        startIcon={<QuickreplyIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        sx={{ alignSelf: "flex-start" }}
      >
        {translate("loja.conversations.quick_replies")}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {replies?.length === 0 && <MenuItem disabled>{translate("loja.conversations.no_quick_replies")}</MenuItem>}
        {replies?.map((r) => (
          <MenuItem key={r.id} onClick={() => void pick(r)}>
            {r.title}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
