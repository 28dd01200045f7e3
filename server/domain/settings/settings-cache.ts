// The shop settings every order placement and every e-mail reads (the hours to pay; the e-mails' contacts, bank
// details and staff alert addresses), kept in memory: reading them (twice) per order halved placement's rate on
// PostgreSQL (docs/design/decisions.md#speed). notifications/mail/context.ts turns them into the templates' context. A
// save forgets them at once on this instance and, through the settings channel every instance listens to, on the
// others (server/cluster/bus.ts); the TTL only bounds a missed announcement.
import type { Db, PrismaClient } from "../../db/client.ts";
import { settingsRepository, type ShopSettingsRow } from "./repository.ts";

const SAFETY_TTL_MS = 10_000;

export class ShopSettingsCache {
  /** The read in flight or done, and its row once it arrived. */
  private value: Promise<ShopSettingsRow | null> | undefined;
  private settled: { row: ShopSettingsRow | null } | undefined;
  private readAt = 0;

  constructor(
    private readonly db: PrismaClient,
    private readonly ttlMs = SAFETY_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The settings row (null before it exists), from memory when read less than the TTL ago. Inside a transaction,
   * pass it as `tx`: the row is then read through it unless already in memory, never awaited from a read outside
   * it, which on the embedded database (one connection) would wait for the transaction to end.
   */
  get(tx?: Db): Promise<ShopSettingsRow | null> {
    const fresh = this.now() - this.readAt < this.ttlMs;
    if (fresh && this.settled) return Promise.resolve(this.settled.row);
    if (fresh && this.value && !tx) return this.value;
    const read = settingsRepository(tx ?? this.db).get();
    this.value = read;
    this.settled = undefined;
    this.readAt = this.now();
    read.then(
      (row) => {
        if (this.value === read) this.settled = { row };
      },
      // A failed read is not kept: the next caller asks again.
      () => {
        if (this.value === read) this.value = undefined;
      },
    );
    return read;
  }

  /** The settings changed (here or on another instance): the next read goes to the database (one in flight is dropped). */
  forget(): void {
    this.value = undefined;
    this.settled = undefined;
  }
}
