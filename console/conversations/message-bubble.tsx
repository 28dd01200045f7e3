// One message of a conversation as staff see it: the shopper's and support's bubbles, the shop's own notices.
import { useTranslate } from "react-admin";
import { Box, Paper, Typography } from "@mui/material";
import type { AdminMessage } from "../../server/schemas/admin-conversations.ts";
import { formatDateTime } from "../lib/format.ts";
import { AttachmentView } from "../components/attachment-view.tsx";
import { isShopMessage, senderLabel } from "./sender.ts";

/** What the shop posts by itself (status changes, payments, reminders): centred and grey, signed "Loja", never to answer. */
function ShopNotice({ m }: { m: AdminMessage }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: "flex", justifyContent: "center", mb: 1.5 }} data-testid="chat-message" data-sender={m.sender}>
      <Box
        sx={{
          maxWidth: "85%",
          textAlign: "center",
          color: "text.secondary",
          background: "#f7f7f7",
          border: "1px dashed #d0d0d0",
          borderRadius: 2,
          px: 1.5,
          py: 0.75,
        }}
      >
        <Typography variant="caption" component="div">
          {translate("loja.conversations.shop")} · {formatDateTime(m.createdAt)}
        </Typography>
        {m.text && (
          <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
            {m.text}
          </Typography>
        )}
        {m.fileUrl && (
          <Box sx={{ mt: 0.5 }}>
            <AttachmentView url={m.fileUrl} type={m.type} fileName={m.fileName} />
          </Box>
        )}
      </Box>
    </Box>
  );
}

export function MessageBubble({ m }: { m: AdminMessage }) {
  const translate = useTranslate();
  if (isShopMessage(m.sender)) return <ShopNotice m={m} />;
  const mine = m.sender === "support";
  return (
    <Box
      sx={{ display: "flex", justifyContent: mine ? "flex-end" : "flex-start", mb: 1.5 }}
      data-testid="chat-message"
      data-sender={m.sender}
    >
      <Paper elevation={0} sx={{ p: 1.25, maxWidth: "75%", background: mine ? "#e3ecf7" : "#f3f3f3", borderRadius: 2 }}>
        <Typography variant="caption" color="text.secondary" component="div">
          {translate(senderLabel(m.sender))}
          {mine && m.authorName ? ` · ${m.authorName}` : ""} · {formatDateTime(m.createdAt)}
        </Typography>
        {m.text && <Typography sx={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>{m.text}</Typography>}
        {m.fileUrl && (
          <Box sx={{ mt: 0.5 }}>
            <AttachmentView url={m.fileUrl} type={m.type} fileName={m.fileName} />
          </Box>
        )}
      </Paper>
    </Box>
  );
}
