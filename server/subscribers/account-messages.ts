// The messages an account asks for itself: the code confirming a phone (WhatsApp or SMS) and the password reset
// link (e-mail), written to the outbox from their events with their secrets sealed (docs/design/security.md).
import { phoneCodeRow } from "../notifications/messaging/enqueue.ts";
import { enqueueMail } from "../notifications/outbox/enqueue.ts";
import { outboxRepository } from "../notifications/outbox/repository.ts";
import { reaction } from "./reaction.ts";

export const phoneCodeMessageReaction = reaction({
  name: "phone-code-message",
  on: ["phone.code_requested"],
  async inTransaction(tx, { payload: p }, { notifier }) {
    await outboxRepository(tx).insert(phoneCodeRow(p.channel, p.userId, p.phone, p.sealedCode, p.codeId));
    return () => notifier.committed();
  },
});

export const passwordResetMailReaction = reaction({
  name: "password-reset-mail",
  on: ["password.reset_requested"],
  async inTransaction(tx, { payload: p }, { notifier }) {
    const { token } = notifier.sealer.unseal(p.sealedToken);
    await enqueueMail(tx, { kind: "password-reset", to: p.email, facts: { customerName: p.name, token: token! } }, notifier.sealer);
    return () => notifier.committed();
  },
});
