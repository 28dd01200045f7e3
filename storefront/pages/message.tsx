import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useParams } from "react-router-dom";
import { MAX_MESSAGE_TEXT } from "../../shared/chat.ts";
import { formatMessageTime } from "../../shared/dates.ts";
import { DELIVERED, shortOrderId } from "../../shared/orders.ts";
import { ASK_RETURN } from "../../shared/returns.ts";
import { Skeleton } from "../components/skeleton.tsx";
import { AttachButton, PickedFile } from "../features/chat/attach-button.tsx";
import { AttachmentModal, type Attachment } from "../features/chat/attachment-modal.tsx";
import { isClient, isImage, isShopNotice } from "../features/chat/types.ts";
import { useOrderChat, type OutgoingMessage } from "../features/chat/use-order-chat.ts";
import { PushPrompt } from "../features/push/push-prompt.tsx";
import { OrderWhatsAppLink } from "../features/settings/order-whatsapp-link.tsx";
import { PaymentRequestCard } from "../features/chat/payment-request-card.tsx";

/** Shown instead of an empty list: what to expect from support. */
const CHAT_EMPTY = "Ainda não há mensagens. Escreva-nos: respondemos normalmente em menos de 1 hora, das 8h às 20h.";

export default function MessagePage() {
  const { orderId = "" } = useParams();
  const chat = useOrderChat(orderId);
  const { messages, outgoing } = chat;
  const [open, setOpen] = useState<Attachment | null>(null);
  const list = useRef<HTMLDivElement>(null);
  // A message that carries a payment request is drawn as its card (its text is for any other reader).
  const cardOf = (m: { paymentRequestId?: string }) =>
    m.paymentRequestId ? chat.paymentRequests.find((r) => r.id === m.paymentRequestId) : undefined;

  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [messages, outgoing]);

  const onSend = (e: FormEvent) => {
    e.preventDefault();
    chat.send();
  };

  if (!orderId) {
    return (
      <div className="chat">
        <p className="empty">Pedido inválido ou não encontrado.</p>
        <Link to="/orders" className="btn btn-outline">
          Voltar
        </Link>
      </div>
    );
  }

  return (
    <div className="chat">
      <header className="chat-head">
        <Link to="/orders" className="btn btn-outline btn-small">
          Voltar
        </Link>
        <div className="chat-title">
          <h1>Suporte do Pedido</h1>
          <p className="chat-order" data-testid="chat-order">
            Pedido #{shortOrderId(orderId)}
            {chat.status && <span className="chat-status"> · {chat.status}</span>}
          </p>
          <OrderWhatsAppLink orderId={orderId} className="btn btn-outline btn-small" />
          {chat.status === DELIVERED && (
            // The return form lives on the order's card (docs/product/returns.md#asking).
            <Link to={`/orders?devolver=${encodeURIComponent(orderId)}`} className="btn btn-outline btn-small">
              {ASK_RETURN}
            </Link>
          )}
        </div>
      </header>
      {/* A chat page exists only for a placed order: the moment to offer notices on this phone. */}
      <PushPrompt show={Boolean(messages)} />
      <div className="chat-list" ref={list} data-testid="chat-list">
        {!messages ? (
          <Skeleton count={4} variant="bubble" />
        ) : (
          <>
            {messages.length === 0 && outgoing.length === 0 && <p className="chat-empty">{CHAT_EMPTY}</p>}
            {messages.map((m, i) => (
              <div
                key={m._id ?? i}
                className={isClient(m) ? "bubble bubble-client" : isShopNotice(m) ? "bubble bubble-shop" : "bubble bubble-support"}
                data-testid="chat-message"
                data-sender={m.sender}
              >
                <p className="bubble-sender">{isClient(m) ? "Cliente" : isShopNotice(m) ? "Suporte · mensagem automática" : "Suporte"}</p>
                {cardOf(m) ? (
                  <PaymentRequestCard orderId={orderId} request={cardOf(m)!} reload={chat.reload} />
                ) : (
                  m.text && <p className="pre-line">{m.text}</p>
                )}
                {m.fileUrl && <AttachmentButton url={m.fileUrl} image={isImage(m)} onOpen={setOpen} />}
                <time className="bubble-time" dateTime={m.createdAt}>
                  {formatMessageTime(m.createdAt)}
                </time>
              </div>
            ))}
            {outgoing.map((m) => (
              <OutgoingBubble key={m.key} message={m} onRetry={() => chat.retry(m.key)} onDiscard={() => chat.discard(m.key)} />
            ))}
          </>
        )}
      </div>
      <form className="chat-input" onSubmit={onSend}>
        {chat.file && <PickedFile file={chat.file} onRemove={() => chat.pickFile(null)} />}
        {chat.fileError && (
          <p className="field-error chat-file-error" role="alert">
            {chat.fileError}
          </p>
        )}
        <AttachButton inputRef={chat.fileInput} onPick={chat.pickFile} />
        <input
          type="text"
          placeholder="Digite sua mensagem"
          aria-label="Digite sua mensagem"
          value={chat.text}
          onChange={(e) => chat.setText(e.target.value)}
          maxLength={MAX_MESSAGE_TEXT}
        />
        <button type="submit" className="btn">
          Enviar
        </button>
      </form>
      {open && <AttachmentModal attachment={open} orderId={orderId} onClose={() => setOpen(null)} />}
    </div>
  );
}

/** The shopper's message until the server has it: "Enviando mensagem...", or why it failed and a retry. */
function OutgoingBubble({ message, onRetry, onDiscard }: { message: OutgoingMessage; onRetry: () => void; onDiscard: () => void }) {
  const failed = message.state === "failed";
  return (
    <div
      className={`bubble bubble-client bubble-outgoing${failed ? " bubble-failed" : ""}`}
      data-testid="chat-outgoing"
      aria-busy={!failed}
    >
      <p className="bubble-sender">Cliente</p>
      {message.text && <p className="pre-line">{message.text}</p>}
      {message.file && <p className="muted">{message.file.name}</p>}
      {failed ? (
        <div role="alert" className="bubble-error">
          <p>Erro ao enviar mensagem{message.error ? `: ${message.error}` : ""}</p>
          <div className="bubble-actions">
            <button type="button" className="btn btn-small" onClick={onRetry}>
              Tentar de novo
            </button>
            <button type="button" className="btn btn-outline btn-small" onClick={onDiscard}>
              Apagar
            </button>
          </div>
        </div>
      ) : (
        <p className="bubble-time" role="status">
          Enviando mensagem...
        </p>
      )}
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
