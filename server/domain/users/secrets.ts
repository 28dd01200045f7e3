// What the domain needs of the shop's secret keeping (the notifications' MailSealer implements it: AES-256-GCM and a
// keyed digest, keys derived from the token secret): a code or token sealed for the message that carries it, and a
// phone code kept only as its digest (docs/design/security.md).
export interface SecretKeeper {
  seal(values: Record<string, string>): string;
  digest(value: string): string;
}
