// What the process-level e2e files that place orders in bursts (backup, fault-kill) start from: one customer per
// concurrent worker (placement is rate-limited per customer) and each one's order body to place again and again
// (with the customer's own delivery phone: a phone, like an account, may have 3 unpaid orders at once).
import { BANK_TRANSFER } from "../../shared/orders.ts";

const ADDRESS = {
  firstName: "Ana",
  lastName: "Silva",
  email: "ana@exemplo.ao",
  street: "Rua 1",
  city: "Luanda",
  state: "Luanda",
  zipcode: "1000",
  country: "Angola",
  phone: "923000000",
};

/** The w-th customer's phone: 923 100 000, 923 100 001… */
const phoneOf = (w: number) => `923${String(100_000 + w)}`;

/** A JSON POST, with an optional Bearer token and extra headers (e.g. an idempotency key). */
export async function postJson<T>(
  url: string,
  body: unknown,
  token?: string,
  extra: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}), ...extra },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

export interface BurstProduct {
  _id: string;
  price: number;
  sizes: string[];
  image: string[];
}

export interface BurstOrder {
  address: typeof ADDRESS;
  items: { itemId: string; size: string | undefined; quantity: number }[];
  totalAmount: number;
  paymentMethod: string;
}

/**
 * `customers` new accounts (their tokens; e-mails start with `emailPrefix`) and a bank-transfer order of one unit of
 * each of the first `lines` products that have sizes: `orders[w]` is customer w's (their own phone), `order` the same
 * with the shared address.
 */
export async function placementBurst(
  shopUrl: string,
  { customers, lines, emailPrefix }: { customers: number; lines: number; emailPrefix: string },
): Promise<{ products: BurstProduct[]; order: BurstOrder; orders: BurstOrder[]; tokens: string[] }> {
  const { products } = (await (await fetch(`${shopUrl}/api/product/list`)).json()) as { products: BurstProduct[] };
  const items = products.filter((p) => p.sizes.length > 0).slice(0, lines);
  const subtotal = items.reduce((s, p) => s + p.price, 0);
  // The delivery as the checkout shows it (the zone's fee, or nothing above its free-from amount).
  const query = new URLSearchParams({ state: ADDRESS.state, city: ADDRESS.city, subtotal: String(subtotal) });
  const { options } = (await (await fetch(`${shopUrl}/api/delivery/options?${query}`)).json()) as { options: { fee: number }[] };
  const order: BurstOrder = {
    address: ADDRESS,
    items: items.map((p) => ({ itemId: p._id, size: p.sizes[0], quantity: 1 })),
    totalAmount: subtotal + options[0]!.fee,
    paymentMethod: BANK_TRANSFER,
  };
  const tokens: string[] = [];
  for (let i = 0; i < customers; i++) {
    const r = await postJson<{ token: string }>(`${shopUrl}/api/user/register`, {
      name: `Cliente ${i}`,
      email: `${emailPrefix}.${i}.${Date.now()}@exemplo.ao`,
      password: "senha-segura-1",
    });
    if (r.status !== 200) throw new Error(`register: ${r.status} ${JSON.stringify(r.body)}`);
    tokens.push(r.body.token);
  }
  const orders = tokens.map((_, w) => ({ ...order, address: { ...ADDRESS, phone: phoneOf(w) } }));
  return { products, order, orders, tokens };
}

/**
 * Places `order` for the customer and, once acknowledged, cancels it as its shopper may: a customer has at most 3
 * unpaid orders at once (docs/product/checkout.md#placement-limits), so a burst that goes on places and cancels.
 * Answers the placement; the cancellation's own failure (the server killed meanwhile) is left to the next request.
 */
export async function placeThenCancel(
  shopUrl: string,
  order: BurstOrder,
  token: string,
  idempotencyKey: string,
): Promise<{ status: number; body: { orderId?: string } }> {
  const placed = await postJson<{ orderId?: string }>(`${shopUrl}/api/order/place`, order, token, { "idempotency-key": idempotencyKey });
  if (placed.status === 200 && placed.body.orderId)
    await postJson(`${shopUrl}/api/order/cancel`, { orderId: placed.body.orderId }, token).catch(() => undefined);
  return placed;
}
