import { useRef, useState, type FormEvent } from "react";
import { useDataProvider, useNotify, useTranslate } from "react-admin";
import { Box, Button, Chip, IconButton, TextField } from "@mui/material";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import CloseIcon from "@mui/icons-material/Close";
import SendIcon from "@mui/icons-material/Send";
import type { AdminMessage } from "../../server/schemas/admin-conversations.ts";
import type { ConsoleDataProvider } from "../data-provider.ts";
import { ATTACHMENT_ACCEPT, MAX_ATTACHMENT_BYTES, MAX_MESSAGE_TEXT } from "../../shared/chat.ts";
import { QuickReplyMenu } from "./quick-reply-menu.tsx";

export function ReplyBox({ orderId, onSent }: { orderId: string; onSent: (m: AdminMessage) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [text, setText] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (sending || (!text.trim() && !file)) return;
    setSending(true);
    const [sentText, sentFile] = [text, file];
    try {
      const message = await dataProvider.sendMessage(orderId, sentText.trim(), sentFile);
      onSent(message);
      // Clear only what went out: a file picked or words typed while it was sending stay for the next send.
      setText((current) => (current === sentText ? "" : current));
      setFile((current) => (current === sentFile ? null : current));
    } catch (err) {
      notify(err instanceof Error && err.message ? err.message : translate("loja.conversations.send_failed"), { type: "error" });
    } finally {
      setSending(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} sx={{ display: "flex", flexDirection: "column", gap: 1, mt: 1 }}>
      <QuickReplyMenu onPick={(picked) => setText((current) => (current.trim() ? `${current.trimEnd()}\n${picked}` : picked))} />
      {file && (
        <Chip
          label={file.name}
          onDelete={() => setFile(null)}
          deleteIcon={<CloseIcon aria-label={translate("loja.conversations.remove_attachment")} />}
          sx={{ alignSelf: "flex-start" }}
        />
      )}
      <Box sx={{ display: "flex", gap: 1, alignItems: "flex-end" }}>
        <IconButton aria-label={translate("loja.conversations.attach")} onClick={() => fileRef.current?.click()}>
          <AttachFileIcon />
        </IconButton>
        <input
          ref={fileRef}
          data-testid="reply-file"
          type="file"
          hidden
          accept={ATTACHMENT_ACCEPT}
          onChange={(e) => {
            const f = e.target.files?.[0] ?? null;
            e.target.value = "";
            if (f && f.size > MAX_ATTACHMENT_BYTES) {
              notify("loja.conversations.attachment_too_big", { type: "warning" });
              return;
            }
            setFile(f);
          }}
        />
        <TextField
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey) {
              e.preventDefault();
              void submit();
            }
          }}
          placeholder={translate("loja.conversations.reply_placeholder")}
          slotProps={{ htmlInput: { maxLength: MAX_MESSAGE_TEXT, "aria-label": translate("loja.conversations.reply_placeholder") } }}
          multiline
          maxRows={6}
          fullWidth
          size="small"
        />
        <Button type="submit" variant="contained" endIcon={<SendIcon />} disabled={sending || (!text.trim() && !file)}>
          {translate(sending ? "loja.conversations.sending" : "loja.conversations.send")}
        </Button>
      </Box>
    </Box>
  );
}
