// Values a mail carries that the database must never hold readable (a password-reset link's token): the outbox
// row keeps them sealed (AES-256-GCM, key derived from the token secret, which lives outside the database on
// PostgreSQL and already grants every session where it leaks), only until the mail is sent or given up on. A short
// secret the shop checks later (a phone code) is kept as a keyed digest: without the key, a leaked database cannot
// try all million codes.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";

export interface MailSealer {
  seal(values: Record<string, string>): string;
  /** Throws when the value was not sealed with this key (e.g. the token secret changed since). */
  unseal(sealed: string): Record<string, string>;
  /** HMAC-SHA256 (hex) of `value` under a key of its own derived from the token secret. */
  digest(value: string): string;
}

const VERSION = "v1";

export function mailSealer(tokenSecret: string): MailSealer {
  const key = Buffer.from(hkdfSync("sha256", tokenSecret, "loja-outbox", "outbox mail secrets", 32));
  const digestKey = Buffer.from(hkdfSync("sha256", tokenSecret, "loja-outbox", "secret digests", 32));
  return {
    digest: (value) => createHmac("sha256", digestKey).update(value, "utf8").digest("hex"),
    seal(values) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(JSON.stringify(values), "utf8"), cipher.final()]);
      return [VERSION, iv, body, cipher.getAuthTag()]
        .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
        .join(".");
    },
    unseal(sealed) {
      const [version, iv, body, tag] = sealed.split(".");
      if (version !== VERSION || !iv || body === undefined || !tag) throw new Error("sealed mail secret: unknown format");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      const plain = Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
      return JSON.parse(plain) as Record<string, string>;
    },
  };
}
