// What the outbox's phone channels need from a provider (docs/design/notifications.md#whatsapp-and-sms): send one
// message, answer the provider's id for it, and say whether a failure is for good (the number cannot get it: no
// retries, and a WhatsApp failure falls back to SMS) or may pass (network, 5xx, rate limits: retried with back-off).

/** A send the provider refused or could not take. */
export class SendFailed extends Error {
  constructor(
    message: string,
    /** True when retrying cannot help (a bad number, not on WhatsApp, a template refused). */
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** A text-message gateway (Twilio today; an Angolan gateway is one more implementation: README "Adding an SMS gateway"). */
export interface SmsProvider {
  readonly name: string;
  /** Sends `body` to `to` (E.164); resolves to the provider's message id. Throws SendFailed. */
  send(to: string, body: string): Promise<{ id: string }>;
}

const TIMEOUT_MS = 15_000;

/** fetch with a timeout; a network failure is a passing one. */
export async function providerFetch(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new SendFailed(`sem resposta do fornecedor: ${error instanceof Error ? error.message : String(error)}`, false);
  }
}

/** 4xx but 408 and 429 cannot pass by retrying. */
export const isPermanentStatus = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;
