// The VAPID key pair web pushes are signed with. Browsers' subscriptions are bound to the public key, so the pair
// never changes: from the environment, else generated once into DATA_DIR/vapid.json (0600, kept in backups).
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import webpush from "web-push";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: contact the push services may use. */
  subject: string;
}

const DEFAULT_VAPID_SUBJECT = "mailto:loja@localhost";

/**
 * VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY (and VAPID_SUBJECT) from the environment, else the pair kept in
 * DATA_DIR/vapid.json, generated on first start (mode 0600). The keys must not change: browsers' subscriptions
 * are bound to the public key.
 */
export function loadVapidKeys(opts: { dataDir: string; env?: NodeJS.ProcessEnv }): VapidKeys {
  const env = opts.env ?? process.env;
  const subject = env.VAPID_SUBJECT?.trim() || DEFAULT_VAPID_SUBJECT;
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  if (publicKey && privateKey) return { publicKey, privateKey, subject };
  if (publicKey || privateKey)
    throw new Error("Defina VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY juntas (ou nenhuma, para usar as chaves em DATA_DIR/vapid.json)");

  const file = path.join(opts.dataDir, "vapid.json");
  const read = () => {
    const stored = JSON.parse(readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
    return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
  };
  try {
    return read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(opts.dataDir, { recursive: true });
  const generated = webpush.generateVAPIDKeys();
  try {
    // 'wx': if another process wrote the file first, its keys win.
    writeFileSync(file, `${JSON.stringify(generated, null, 2)}\n`, { mode: 0o600, flag: "wx" });
    chmodSync(file, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return read();
  }
  return { ...generated, subject };
}
