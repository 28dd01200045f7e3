import { useCallback, useEffect, useRef, useState } from "react";
import { useParams } from "react-router-dom";
import { Loading, Title, useDataProvider, useTranslate } from "react-admin";
import { Box, Card, CardContent, Typography } from "@mui/material";
import type { AdminMessage } from "../../server/schemas/admin-conversations.ts";
import { OrderNotes } from "../components/order-notes.tsx";
import type { ConsoleDataProvider } from "../data-provider.ts";
import { useRealtime } from "../layout/realtime-context.tsx";
import { shortOrderId } from "../../shared/orders.ts";
import { isClientMessage } from "./sender.ts";
import { AssigneeControl } from "./assignee-control.tsx";
import { MessageBubble } from "./message-bubble.tsx";
import { OrderSummary } from "./order-summary.tsx";
import { ReplyBox } from "./reply-box.tsx";

const mergeMessage = (list: AdminMessage[], m: AdminMessage) =>
  list.some((x) => x._id === m._id) ? list : [...list, m].sort((a, b) => a.createdAt.localeCompare(b.createdAt));

/** One order's conversation: thread (live), reply with text and/or a file, order summary beside it. */
export function ConversationShow() {
  const { id: orderId = "" } = useParams<{ id: string }>();
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { subscribe, refreshUnread } = useRealtime();
  const [messages, setMessages] = useState<AdminMessage[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const threadRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  // The thread opens at its latest message and follows new ones (and pictures that load late) while the agent
  // reads the end; scrolled up to read older ones, it stays put (docs/product/console.md#conversas).
  const pinned = useRef(true);

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

  // Only the thread scrolls (never the page: the reply box stays where it is).
  const toEnd = useCallback(() => {
    const thread = threadRef.current;
    if (thread && pinned.current) thread.scrollTop = thread.scrollHeight;
  }, []);
  useEffect(toEnd, [messages?.length, toEnd]);
  const loaded = messages !== null;
  useEffect(() => {
    const content = contentRef.current;
    if (!content || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(toEnd);
    observer.observe(content);
    return () => observer.disconnect();
  }, [toEnd, loaded]);

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={`${translate("resources.conversations.name", { smart_count: 1 })} #${shortOrderId(orderId)}`} />
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "minmax(0, 2fr) minmax(0, 1fr)" }, gap: 2 }}>
        <Card sx={{ minWidth: 0 }}>
          <CardContent>
            <AssigneeControl orderId={orderId} />
            <Box
              ref={threadRef}
              // On a phone the thread leaves room for the reply box on the first screen.
              sx={{ height: { xs: "max(220px, calc(100dvh - 330px))", md: "60vh" }, overflowY: "auto", pr: 1 }}
              data-testid="chat-thread"
              onScroll={(e) => {
                const t = e.currentTarget;
                pinned.current = t.scrollHeight - t.scrollTop - t.clientHeight < 40;
              }}
            >
              <div ref={contentRef}>
                {error && <Typography color="error">{error}</Typography>}
                {!messages && !error && <Loading />}
                {messages?.length === 0 && <Typography color="text.secondary">{translate("loja.conversations.empty")}</Typography>}
                {messages?.map((m) => (
                  <MessageBubble key={m._id} m={m} />
                ))}
              </div>
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
