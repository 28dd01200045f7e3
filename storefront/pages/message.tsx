import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";
import { toast } from "../lib/toast.ts";
import { useSession } from "../app/session.tsx";
import { Skeleton } from "../components/skeleton.tsx";
import { getMessages } from "../features/chat/api/get-messages.ts";
import { sendMessage } from "../features/chat/api/send-message.ts";
import { AttachmentModal, type Attachment } from "../features/chat/attachment-modal.tsx";
import { appendMessage, isClient, isImage, type ChatMessage } from "../features/chat/types.ts";
import { ApiError } from "../lib/api-client.ts";
import { ATTACHMENT_ACCEPT, MAX_MESSAGE_TEXT } from "../../shared/chat.ts";

export default function MessagePage() {
  const { orderId = "" } = useParams();
  const { token, realtime } = useSession();
  const navigate = useNavigate();
  const [messages, setMessages] = useState<ChatMessage[] | null>(null);
  const [text, setText] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [open, setOpen] = useState<Attachment | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  /** Messages on their way to the server. */
  const sending = useRef<{ text: string; file: File | null }[]>([]);
  const list = useRef<HTMLDivElement>(null);

  const load = useCallback(() => {
    getMessages(orderId).then(setMessages, (e: unknown) => {
      if (e instanceof ApiError && e.status === 401) return;
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

  // Live messages for this order; after a reconnect, refetch what was missed.
  useEffect(() => {
    if (!realtime || !orderId) return;
    realtime.joinRoom(orderId);
    let missed = false;
    const off = realtime.on((event) => {
      if (event.type === "disconnected") missed = true;
      if (event.type === "ready" && missed) {
        missed = false;
        load();
      }
      if (event.type === "newMessage" && event.orderId === orderId && event.message) {
        const m = event.message as ChatMessage;
        setMessages((list) => appendMessage(list ?? [], m));
        if (!isClient(m)) toast.info("Nova resposta do suporte!");
      }
    });
    return () => {
      off();
      realtime.leaveRoom(orderId);
    };
  }, [realtime, orderId, load]);

  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [messages]);

  const onSend = async (e: FormEvent) => {
    e.preventDefault();
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
      if (!(err instanceof ApiError && err.status === 401)) toast.error("Erro ao enviar mensagem");
    } finally {
      sending.current = sending.current.filter((m) => m !== outgoing);
    }
  };

  if (!orderId) {
    return (
      <div className="chat">
        <p className="empty">Pedido inválido ou não encontrado.</p>
        <Link to="/orders" className="btn btn-outline">Voltar</Link>
      </div>
    );
  }

  return (
    <div className="chat">
      <header className="chat-head">
        <Link to="/orders" className="btn btn-outline btn-small">Voltar</Link>
        <h1>Suporte do Pedido</h1>
      </header>
      <div className="chat-list" ref={list} data-testid="chat-list">
        {!messages ? (
          <Skeleton count={4} variant="bubble" />
        ) : (
          messages.map((m, i) => (
            <div key={m._id ?? i} className={isClient(m) ? "bubble bubble-client" : "bubble bubble-support"} data-testid="chat-message">
              <p className="bubble-sender">{isClient(m) ? "Cliente" : "Suporte"}</p>
              {m.text && <p className="pre-line">{m.text}</p>}
              {m.fileUrl && <AttachmentButton url={m.fileUrl} image={isImage(m)} onOpen={setOpen} />}
            </div>
          ))
        )}
      </div>
      <form className="chat-input" onSubmit={onSend}>
        <input type="text" placeholder="Digite sua mensagem" aria-label="Digite sua mensagem" value={text} onChange={(e) => setText(e.target.value)} maxLength={MAX_MESSAGE_TEXT} />
        <input
          ref={fileInput}
          type="file"
          accept={ATTACHMENT_ACCEPT}
          aria-label="Anexar ficheiro"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <button type="submit" className="btn">Enviar</button>
      </form>
      {open && <AttachmentModal attachment={open} onClose={() => setOpen(null)} />}
    </div>
  );
}

function AttachmentButton({ url, image, onOpen }: { url: string; image: boolean; onOpen: (a: Attachment) => void }) {
  if (image) {
    return (
      <button type="button" className="thumb" onClick={() => onOpen({ url, kind: "image" })}>
        <img src={url} alt="Anexo" width={160} height={120} loading="lazy" decoding="async" />
      </button>
    );
  }
  return (
    <button type="button" className="btn btn-outline btn-small" onClick={() => onOpen({ url, kind: "pdf" })}>
      Visualizar PDF
    </button>
  );
}
