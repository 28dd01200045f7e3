// Abandoned-cart reminders (docs/product/notifications.md#abandoned-cart): a signed-in shopper whose cart has been
// untouched for the shop's delay (settings, default 24 h) and who placed no order since gets one e-mail and/or
// push linking to /cart. The contents reminded are marked with the cart's shopper, so the same contents are never
// reminded twice; changed contents left untouched again are. Each mark is claimed in the mail's transaction by a
// statement that only one instance can win (cart-reminders-repository.ts), and the mail's key is the contents, so
// even two overlapping rounds remind once.
import type { Db, PrismaClient } from "../db/client.ts";
import { settingsRepository } from "../domain/settings/repository.ts";
import { DEFAULT_CART_REMINDER_HOURS } from "../../shared/settings.ts";
import { cartRemindersRepository } from "./cart-reminders-repository.ts";
import type { ShopperPush } from "./notifier.ts";
import { enqueueMail } from "./outbox/enqueue.ts";

/** A cart left longer than its delay plus this is not reminded any more (turning reminders on does not wake old carts). */
const STALE_AFTER_MS = 7 * 24 * 60 * 60_000;
const BATCH = 100;

interface CartReminderOptions {
  db: PrismaClient;
  now?: Date;
  /** Carts to look at in one round (the job runs again at once when the batch was full). */
  limit?: number;
}

export interface CartRemindersRound {
  /** The shoppers reminded in this round. */
  reminded: string[];
  /** Pushes to send after the commits (Notifier.committed). */
  pushes: ShopperPush[];
  /** The batch was full: more may be due. */
  more: boolean;
}

/** Settings as the reminders read them: off, or after how many hours. */
async function reminderDelayMs(db: Db): Promise<number | null> {
  const settings = await settingsRepository(db).get();
  if (settings && !settings.cartReminderEnabled) return null;
  return (settings?.cartReminderHours ?? DEFAULT_CART_REMINDER_HOURS) * 60 * 60_000;
}

/** One round: reminds the carts due now. */
export async function sendCartReminders(opts: CartReminderOptions): Promise<CartRemindersRound> {
  const now = opts.now ?? new Date();
  const limit = opts.limit ?? BATCH;
  const delayMs = await reminderDelayMs(opts.db);
  if (delayMs === null) return { reminded: [], pushes: [], more: false };
  const before = new Date(now.getTime() - delayMs);
  const carts = await cartRemindersRepository(opts.db).leftCarts(before, new Date(before.getTime() - STALE_AFTER_MS), limit);
  const round: CartRemindersRound = { reminded: [], pushes: [], more: carts.length === limit };
  for (const cart of carts) {
    const claimed = await opts.db.$transaction(async (tx) => {
      const repo = cartRemindersRepository(tx);
      if (!(await repo.claim(cart.userId, cart.contents, before, now))) return false;
      if (cart.email) {
        const lines = await repo.lines(cart.userId);
        await enqueueMail(tx, {
          kind: "cart-reminder",
          to: cart.email,
          dedupeKey: `cart-reminder:${cart.userId}:${cart.contents}`,
          facts: { customerName: cart.customerName, lines },
        });
      }
      return true;
    });
    if (!claimed) continue;
    round.reminded.push(cart.userId);
    if (cart.push)
      round.pushes.push({
        userId: cart.userId,
        payload: {
          title: "O seu carrinho está à sua espera",
          body: "Ainda tem artigos no carrinho. Toque para os ver.",
          url: "/cart",
          tag: "cart",
        },
      });
  }
  return round;
}
