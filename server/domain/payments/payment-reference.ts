// What a shopper writes in a bank transfer's description so staff can match the money to the order: short,
// typeable, without the characters people confuse (0/O, 1/I/L), and random (crypto) so it cannot be guessed.
import { randomInt } from "node:crypto";

export const PAYMENT_REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const PREFIX = "LJ";
const LENGTH = 7;

/** "LJ" + 7 characters: 31^7 ≈ 27 billion references, so a clash is rare (placement retries on one). */
export function newPaymentReference(): string {
  let body = "";
  for (let i = 0; i < LENGTH; i++) body += PAYMENT_REFERENCE_ALPHABET[randomInt(PAYMENT_REFERENCE_ALPHABET.length)];
  return PREFIX + body;
}

/** The moment an order placed at `from` must be paid by. */
export const paymentDeadlineFrom = (from: Date, hours: number): Date => new Date(from.getTime() + Math.round(hours * 3_600_000));
