// The shop's IBAN is where every shopper's money goes: it is only accepted as a valid Angolan IBAN
// (country AO, 25 characters, 21-digit BBAN, ISO 13616 mod-97 check), checked with ibantools.
import { electronicFormatIBAN, isValidIBAN } from "ibantools";

const ANGOLAN_IBAN_LENGTH = 25;
export const INVALID_IBAN_MESSAGE = "IBAN inválido: indique um IBAN angolano (AO06 …) válido";

/** The IBAN as banks store it: no spaces (or other separators), upper-case. */
export function normalizeIban(input: string): string {
  return electronicFormatIBAN(input) ?? "";
}

/** Whether `input` (spaces and case allowed) is a valid Angolan IBAN. */
export function isValidAngolanIban(input: string): boolean {
  if (typeof input !== "string") return false;
  const iban = normalizeIban(input);
  return iban.startsWith("AO") && iban.length === ANGOLAN_IBAN_LENGTH && isValidIBAN(iban);
}

/** The IBAN in groups of four, as shoppers read and type it: "AO06 0040 0000 1234 5678 1014 2". */
export function formatIban(iban: string): string {
  return normalizeIban(iban).replace(/(.{4})(?=.)/g, "$1 ");
}
