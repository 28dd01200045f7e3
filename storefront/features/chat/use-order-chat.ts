import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { useNavigate } from "react-router-dom";
import { useSession } from "../../app/session.tsx";
import { SessionExpiredError } from "../../lib/api-client.ts";
import { toast } from "../../lib/toast.ts";
import { getMessages, markMessagesRead } from "./api/get-messages.ts";
import { sendMessage } from "./api/send-message.ts";
import { appendMessage, isClient, type ChatMessage } from "./types.ts";

interface OrderChat {
  /** null until the first load answers. */
  messages: ChatMessage[] | null;
  text: string;
  setText: (text: string) => void;
  setFile: (file: File | null) => void;
  /** The file input, so a sent file can be cleared from it. */
  fileInput: RefObject<HTMLInputElement | null>;
  /** Sends the typed text and the picked file, unless that very message is already on its way. */
  send: () => Promise<void>;
}

/** The support chat of one order: its messages (loaded, then live), and sending (SPEC.md §2 /message). */
export function useOrderChat(orderId: string): OrderChat {
  const { token, realtime } = useSession();
  const navigate = useNavigate();
  const [messages, setMessages] = useState<ChatMessage[] | null>(null);
  const [text, setText] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  /** Messages on their way to the server. */
  const sending = useRef<{ text: string; file: File | null }[]>([]);

  const load = useCallback(() => {
    getMessages(orderId).then(setMessages, (e: unknown) => {
      if (e instanceof SessionExpiredError) return;
      toast.error("Erro ao carregar mensagens");
      setMessages((m) => m ?? []);
    });
  }, [orderId]);

  useEffect(() => {
    if (!orderId) return;
    if (!token) {
      navigate("/login");
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
      if (event.type === "newMessage" && event.orderId === orderId && event.message) {
        const m = event.message;
        setMessages((list) => appendMessage(list ?? [], m));
        if (!isClient(m)) {
          toast.info("Nova resposta do suporte!");
          // Seen on screen: not unread on /orders afterwards.
          markMessagesRead(orderId).catch(() => {});
        }
      }
    });
    return () => {
      off();
      realtime.leaveRoom(orderId);
    };
  }, [realtime, orderId, load]);

  const send = async () => {
    const outgoing = { text: text.trim(), file };
    if (!outgoing.text && !outgoing.file) return;
    // A second tap on Enviar while the same message is still going out (slow 3G) must not send it twice.
    if (sending.current.some((m) => m.text === outgoing.text && m.file === outgoing.file)) return;
    sending.current.push(outgoing);
    toast.info("Enviando mensagem...");
    try {
      const sent = await sendMessage(orderId, outgoing.text, outgoing.file);
      setMessages((list) => appendMessage(list ?? [], sent));
      // Clear only what went out: words typed or a file picked while it was sending stay for the next message.
      setText((current) => (current.trim() === outgoing.text ? "" : current));
      setFile((current) => (current === outgoing.file ? null : current));
      const input = fileInput.current;
      if (input && input.files?.[0] === (outgoing.file ?? undefined)) input.value = "";
    } catch (err) {
      if (!(err instanceof SessionExpiredError)) toast.error("Erro ao enviar mensagem");
    } finally {
      sending.current = sending.current.filter((m) => m !== outgoing);
    }
  };

  return { messages, text, setText, setFile, fileInput, send };
}
