// A person's name as the shop takes it and writes it (docs/product/accounts.md#names): the name typed at sign-up, on
// the account page and at checkout goes into the shop's own mails ("Olá {name},") — to addresses nobody verified — so
// it must not carry a link, an e-mail address, an IBAN or an account number, nor more than one line: otherwise a
// stranger makes the shop mail anyone "visit evil.example, pay to AO06 …" under its own name.
import { bankDetailsIn } from "./bank-text.ts";
import { visibleText } from "./visible-text.ts";

export const NAME_WITH_LINK = "O nome não pode ter endereços de sites ou de email, IBAN nem números de conta";
export const NAME_ONE_LINE = "O nome tem de caber numa linha";
export const NAME_BAD_CHARACTERS = "O nome contém caracteres inválidos";

/** The longest name a mail writes; a longer one is cut with "…" (names are ≤ 120 characters when saved). */
export const MAX_NAME_IN_MAIL = 60;

const LINE_BREAK = /[\n\r\v\f\u0085\u2028\u2029]/;
const CONTROL = /\p{Cc}/u;
/** A scheme ("https://", "ftp:") or "www.": a link whatever follows. */
const SCHEME = /(?:\b[a-z][a-z0-9+.-]{1,15}:\/\/|\bwww\d{0,3}[.\u3002])/iu;
/** A domain: a label, a dot (or an ideographic full stop), two letters or more — "evil.example", "loja.co.ao". */
const DOMAIN = /[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?[.\u3002][\p{L}][\p{L}\p{N}-]+/u;
/** Something @ something with a dot: an e-mail address. */
const EMAIL = /[^\s@]+@[^\s@]+[.\u3002][^\s@]+/u;

/**
 * Why a name is refused, or null: a line break, another control character, or — read as it shows (full-width
 * letters, zero-width spaces inside "evil.example" do not hide it) — a link, an e-mail address, an IBAN or an
 * account number. An initial with its dot ("J. P. Silva", "J.P. Silva") is no domain.
 */
export function personNameProblem(name: string): string | null {
  if (LINE_BREAK.test(name)) return NAME_ONE_LINE;
  if (CONTROL.test(name)) return NAME_BAD_CHARACTERS;
  const shown = visibleText(name);
  if (SCHEME.test(shown) || DOMAIN.test(shown) || EMAIL.test(shown) || bankDetailsIn(name)) return NAME_WITH_LINK;
  return null;
}

/**
 * The name as a mail writes it: one line (line breaks, tabs and invisible characters become spaces), at most
 * MAX_NAME_IN_MAIL characters; "" for a name the rule above refuses (saved before it existed): the mail then names
 * nobody rather than carry it.
 */
export function mailName(name: string): string {
  if (personNameProblem(name.replace(/[\p{Cc}\u2028\u2029]/gu, " ")) === NAME_WITH_LINK) return "";
  const line = name
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  const chars = Array.from(line);
  return chars.length > MAX_NAME_IN_MAIL ? `${chars.slice(0, MAX_NAME_IN_MAIL - 1).join("")}…` : line;
}
