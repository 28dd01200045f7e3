import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { useNavigate } from "react-router-dom";
import { ATTACHMENT_TOO_LARGE, MAX_ATTACHMENT_BYTES } from "../../../shared/chat.ts";
import { useSession } from "../auth/session.tsx";
import { ApiError, SessionExpiredError } from "../../lib/api-client.ts";
import { toast } from "../../lib/toast.ts";
import { getMessages, markMessagesRead } from "./api/get-messages.ts";
import { sendMessage } from "./api/send-message.ts";
import { appendMessage, isClient, withLoaded, type ChatMessage, type PaymentRequest } from "./types.ts";

/** A message the shopper sent that the server has not taken yet: on its way, or refused (then `error`). */
export interface OutgoingMessage {
  key: number;
  text: string;
  file: File | null;
  state: "sending" | "failed";
  /** The server's own reason for refusing it (e.g. the file is too large), when it gave one. */
  error: string | null;
  /**
   * The socket brought it back before the send's answer (the server has it): hidden, so the chat never shows it
   * twice, until the answer removes it, or shows it again should the send still fail.
   */
  echoed: boolean;
}

/**
 * The outgoing messages once `m`, the shopper's own message, came over the socket: the oldest bubble still sending
 * with the same text and the same kind of content counts as echoed. Without an id of the client's own to match on,
 * a bubble is only hidden, never dropped: if its send fails after all, the shopper sees it as failed.
 */
export function markEchoed(list: OutgoingMessage[], m: ChatMessage): OutgoingMessage[] {
  const i = list.findIndex((o) => o.state === "sending" && !o.echoed && o.text === m.text && Boolean(o.file) === (m.fileUrl !== null));
  return i < 0 ? list : list.map((o, j) => (j === i ? { ...o, echoed: true } : o));
}

interface OrderChat {
  /** null until the first load answers. */
  messages: ChatMessage[] | null;
  /** Sent by the shopper, not yet taken by the server; shown after `messages`. */
  outgoing: OutgoingMessage[];
  /** The order's status, once known (the header shows it). */
  status: string | null;
  /** The order's payment requests: the cards of the messages that carry one. */
  paymentRequests: PaymentRequest[];
  /** Reads the chat again (a request's card after a Multicaixa Express charge). */
  reload: () => void;
  text: string;
  setText: (text: string) => void;
  file: File | null;
  /** Picks a file to attach (null removes it); one over the size limit is refused at once with `fileError`. */
  pickFile: (file: File | null) => void;
  fileError: string | null;
  /** The file input, so a sent or removed file can be cleared from it. */
  fileInput: RefObject<HTMLInputElement | null>;
  /** Sends the typed text and the picked file as a new outgoing message; the box and the file are free again. */
  send: () => void;
  retry: (key: number) => void;
  discard: (key: number) => void;
}

/** The support chat of one order: its messages (loaded, then live), and sending (docs/product/chat.md#the-shoppers-chat). */
export function useOrderChat(orderId: string): OrderChat {
  const { token, realtime } = useSession();
  const navigate = useNavigate();
  const [messages, setMessages] = useState<ChatMessage[] | null>(null);
  const [outgoing, setOutgoing] = useState<OutgoingMessage[]>([]);
  const [status, setStatus] = useState<string | null>(null);
  const [paymentRequests, setPaymentRequests] = useState<PaymentRequest[]>([]);
  const [text, setText] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const nextKey = useRef(0);

  // The messages and the header's status come in one answer.
  const load = useCallback(() => {
    getMessages(orderId).then(
      (chat) => {
        setMessages((shown) => withLoaded(chat.messages, shown));
        setStatus(chat.status);
        setPaymentRequests(chat.paymentRequests);
      },
      (e: unknown) => {
        if (e instanceof SessionExpiredError) return;
        toast.error("Erro ao carregar mensagens");
        setMessages((m) => m ?? []);
      },
    );
  }, [orderId]);

  useEffect(() => {
    if (!orderId) return;
    if (!token) {
      void navigate("/login");
      return;
    }
    load();
  }, [orderId, token, load, navigate]);

  // Live messages for this order; each time the socket is (back) up, refetch what may have been missed.
  useEffect(() => {
    if (!realtime || !orderId) return;
    realtime.joinRoom(orderId);
    const off = realtime.on((event) => {
      if (event.type === "status" && event.connected) load();
      // A request's Multicaixa Express charge was settled: its card reads the outcome.
      if (event.type === "chargeSettled" && event.orderId === orderId) load();
      if (event.type === "newMessage" && event.orderId === orderId && event.message) {
        const m = event.message;
        setMessages((list) => appendMessage(list ?? [], m));
        if (isClient(m)) setOutgoing((list) => markEchoed(list, m));
        else {
          toast.info("Nova resposta do suporte!");
          // The shop posts on every status change: reading the chat again brings the header's new status (and marks
          // it read); a support reply is only marked read, seen on screen, so it is not unread on /orders afterwards.
          if (m.sender === "shop") load();
          else markMessagesRead(orderId).catch(() => {});
        }
      }
    });
    return () => {
      off();
      realtime.leaveRoom(orderId);
    };
  }, [realtime, orderId, load]);

  const clearFileInput = () => {
    if (fileInput.current) fileInput.current.value = "";
  };

  const pickFile = (picked: File | null) => {
    // Checked here as well as on the server: a 12 MB photo on slow 3G would otherwise upload for minutes to be refused.
    if (picked && picked.size > MAX_ATTACHMENT_BYTES) {
      setFileError(ATTACHMENT_TOO_LARGE);
      setFile(null);
      clearFileInput();
      return;
    }
    setFileError(null);
    setFile(picked);
    if (!picked) clearFileInput();
  };

  const update = (key: number, change: Partial<OutgoingMessage>) =>
    setOutgoing((list) => list.map((m) => (m.key === key ? { ...m, ...change } : m)));

  const deliver = (message: OutgoingMessage) => {
    sendMessage(orderId, message.text, message.file).then(
      (sent) => {
        setOutgoing((list) => list.filter((m) => m.key !== message.key));
        setMessages((list) => appendMessage(list ?? [], sent));
      },
      (err: unknown) => {
        if (err instanceof SessionExpiredError) return;
        update(message.key, { state: "failed", echoed: false, error: err instanceof ApiError && err.fromServer ? err.message : null });
      },
    );
  };

  const send = () => {
    const message: OutgoingMessage = { key: nextKey.current++, text: text.trim(), file, state: "sending", error: null, echoed: false };
    if (!message.text && !message.file) return;
    // The message now lives in its bubble: a second tap (slow 3G) finds the box empty and sends nothing twice,
    // and whatever is typed or picked next is the next message.
    setOutgoing((list) => [...list, message]);
    setText("");
    setFile(null);
    setFileError(null);
    clearFileInput();
    deliver(message);
  };

  const retry = (key: number) => {
    const message = outgoing.find((m) => m.key === key);
    if (!message || message.state !== "failed") return;
    update(key, { state: "sending", error: null });
    deliver(message);
  };

  const discard = (key: number) => setOutgoing((list) => list.filter((m) => m.key !== key));

  const shown = outgoing.filter((m) => !m.echoed);
  return {
    messages,
    outgoing: shown,
    status,
    paymentRequests,
    reload: load,
    text,
    setText,
    file,
    pickFile,
    fileError,
    fileInput,
    send,
    retry,
    discard,
  };
}
