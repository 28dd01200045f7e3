import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useParams } from "react-router-dom";
import { ATTACHMENT_ACCEPT, MAX_MESSAGE_TEXT } from "../../shared/chat.ts";
import { Skeleton } from "../components/skeleton.tsx";
import { AttachmentModal, type Attachment } from "../features/chat/attachment-modal.tsx";
import { isClient, isImage } from "../features/chat/types.ts";
import { useOrderChat } from "../features/chat/use-order-chat.ts";
import { PushPrompt } from "../features/push/push-prompt.tsx";

export default function MessagePage() {
  const { orderId = "" } = useParams();
  const chat = useOrderChat(orderId);
  const { messages } = chat;
  const [open, setOpen] = useState<Attachment | null>(null);
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [messages]);

  const onSend = (e: FormEvent) => {
    e.preventDefault();
    void chat.send();
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
      {/* A chat page exists only for a placed order: the moment to offer notices on this phone. */}
      <PushPrompt show={Boolean(messages)} />
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
        <input type="text" placeholder="Digite sua mensagem" aria-label="Digite sua mensagem" value={chat.text} onChange={(e) => chat.setText(e.target.value)} maxLength={MAX_MESSAGE_TEXT} />
        <input
          ref={chat.fileInput}
          type="file"
          accept={ATTACHMENT_ACCEPT}
          aria-label="Anexar ficheiro"
          onChange={(e) => chat.setFile(e.target.files?.[0] ?? null)}
        />
        <button type="submit" className="btn">Enviar</button>
      </form>
      {open && <AttachmentModal attachment={open} orderId={orderId} onClose={() => setOpen(null)} />}
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
