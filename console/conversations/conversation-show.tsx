import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { Link as RouterLink, useParams } from "react-router-dom";
import { Loading, Title, useDataProvider, useGetList, useGetOne, useNotify, useTranslate } from "react-admin";
import { Box, Button, Card, CardContent, Chip, IconButton, Menu, MenuItem, Paper, TextField, Typography } from "@mui/material";
import QuickreplyIcon from "@mui/icons-material/Quickreply";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import CloseIcon from "@mui/icons-material/Close";
import SendIcon from "@mui/icons-material/Send";
import type { AdminConversation, AdminMessage } from "../../server/schemas/admin-conversations.ts";
import type { AdminQuickReply } from "../../server/schemas/admin-support.ts";
import { fillQuickReply } from "../../shared/support.ts";
import { getSession } from "../lib/session.ts";
import { OrderNotes } from "../components/order-notes.tsx";
import type { AdminOrder } from "../../server/schemas/admin-orders.ts";
import type { ConsoleDataProvider } from "../data-provider.ts";
import { useRealtime } from "../layout/realtime-context.tsx";
import { ATTACHMENT_ACCEPT, MAX_ATTACHMENT_BYTES, MAX_MESSAGE_TEXT } from "../../shared/chat.ts";
import { formatKz } from "../../shared/money.ts";
import { shortOrderId } from "../../shared/orders.ts";
import { formatDateTime } from "../lib/format.ts";
import { AttachmentView } from "../components/attachment-view.tsx";
import { StatusChip } from "../components/status-chip.tsx";
import { isClientMessage, isShopMessage, senderLabel } from "./sender.ts";

const mergeMessage = (list: AdminMessage[], m: AdminMessage) =>
  list.some((x) => x._id === m._id) ? list : [...list, m].sort((a, b) => a.createdAt.localeCompare(b.createdAt));

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

function MessageBubble({ m }: { m: AdminMessage }) {
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

/** Who answers this conversation: "Atribuir a…" any active staff member (or nobody), or "Atribuir a mim". */
export function AssigneeControl({ orderId }: { orderId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { data: conversation, refetch } = useGetOne<AdminConversation>("conversations", { id: orderId });
  const [staff, setStaff] = useState<{ id: string; name: string }[]>([]);
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

function OrderSummary({ orderId }: { orderId: string }) {
  const translate = useTranslate();
  const { data: order } = useGetOne<AdminOrder>("orders", { id: orderId });
  if (!order) return null;
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {translate("loja.conversations.order_summary")}
        </Typography>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, mb: 1 }}>
          <Typography variant="subtitle1">#{order.shortId}</Typography>
          <StatusChip status={order.status} />
        </Box>
        <Typography variant="body2">
          {order.customer.name}
          {order.customer.email ? ` · ${order.customer.email}` : ""}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {order.address.phone} · {order.address.city}
        </Typography>
        <Box component="ul" sx={{ pl: 2.5, my: 1 }}>
          {order.lines.map((l, i) => (
            <li key={i}>
              <Typography variant="body2">
                {l.quantity} × {l.name} ({l.size}) — {formatKz(l.price)}
              </Typography>
            </li>
          ))}
        </Box>
        <Typography variant="body2">
          <strong>
            {translate("resources.orders.fields.totalAmount")}: {formatKz(order.totalAmount)}
          </strong>
        </Typography>
        <Button component={RouterLink} to={`/orders/${order.id}/show`} size="small" sx={{ mt: 1 }}>
          {translate("loja.conversations.view_order")}
        </Button>
      </CardContent>
    </Card>
  );
}

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

/** One order's conversation: thread (live), reply with text and/or a file, order summary beside it. */
export function ConversationShow() {
  const { id: orderId = "" } = useParams<{ id: string }>();
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { subscribe, refreshUnread } = useRealtime();
  const [messages, setMessages] = useState<AdminMessage[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const endRef = useRef<HTMLDivElement>(null);

  const markRead = useCallback(() => {
    dataProvider.markRead(orderId).then(refreshUnread, () => undefined);
  }, [dataProvider, orderId, refreshUnread]);

  const load = useCallback(() => {
    dataProvider.getMessages(orderId).then(
      (list) => {
        setMessages((prev) => (prev ? list.reduce(mergeMessage, prev) : list));
        setError(null);
        markRead();
      },
      (err: unknown) => setError(err instanceof Error && err.message ? err.message : translate("loja.conversations.load_failed")),
    );
  }, [dataProvider, orderId, markRead, translate]);

  useEffect(() => {
    setMessages(null);
    load();
  }, [load]);

  useEffect(
    () =>
      subscribe((id, message) => {
        if (id !== orderId) return;
        setMessages((prev) => mergeMessage(prev ?? [], message));
        // Only the shopper's messages are unread for staff; the shop's own notices never wait for an answer.
        if (isClientMessage(message.sender)) markRead();
      }),
    [subscribe, orderId, markRead],
  );

  useEffect(() => {
    endRef.current?.scrollIntoView({ block: "end" });
  }, [messages?.length]);

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={`${translate("resources.conversations.name", { smart_count: 1 })} #${shortOrderId(orderId)}`} />
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "minmax(0, 2fr) minmax(0, 1fr)" }, gap: 2 }}>
        <Card sx={{ minWidth: 0 }}>
          <CardContent>
            <AssigneeControl orderId={orderId} />
            <Box sx={{ height: "60vh", overflowY: "auto", pr: 1 }} data-testid="chat-thread">
              {error && <Typography color="error">{error}</Typography>}
              {!messages && !error && <Loading />}
              {messages?.length === 0 && <Typography color="text.secondary">{translate("loja.conversations.empty")}</Typography>}
              {messages?.map((m) => (
                <MessageBubble key={m._id} m={m} />
              ))}
              <div ref={endRef} />
            </Box>
            <ReplyBox orderId={orderId} onSent={(m) => setMessages((prev) => mergeMessage(prev ?? [], m))} />
          </CardContent>
        </Card>
        <Box sx={{ display: "flex", flexDirection: "column", gap: 2, minWidth: 0 }}>
          <OrderSummary orderId={orderId} />
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" gutterBottom>
                {translate("loja.notes.title")}
              </Typography>
              <OrderNotes orderId={orderId} />
            </CardContent>
          </Card>
        </Box>
      </Box>
    </Box>
  );
}
