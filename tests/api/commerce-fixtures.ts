// Shared by the commerce suites (cart, orders, Stripe, trust): requests, error checks, catalogue picks.
import { expect } from "vitest";
import { SignJWT } from "jose";
import type { TestApp } from "../helpers/app.ts";
import { TEST_JWT_SECRET } from "../helpers/app.ts";

export type Reply = { statusCode: number; json(): unknown; body: string };

/** `remoteAddress` sets the connection's own address (X-Forwarded-For counts only behind a TRUST_PROXY). */
export const post = (t: TestApp, url: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({
    method: "POST",
    url,
    payload: JSON.stringify(payload),
    headers: { "content-type": "application/json", ...headers },
    ...(remoteAddress ? { remoteAddress } : {}),
  }) as Promise<Reply>;

export function expectError(res: Reply, status: number, message?: string | RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { success: boolean; message: string };
  expect(body.success).toBe(false);
  expect(typeof body.message).toBe("string");
  if (message instanceof RegExp) expect(body.message).toMatch(message);
  else if (message) expect(body.message).toBe(message);
}

/** A correctly signed token that expired an hour ago. */
export async function expiredToken(userId: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role: "customer" })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(userId)
    .setIssuedAt(now - 7200)
    .setExpirationTime(now - 3600)
    .sign(new TextEncoder().encode(TEST_JWT_SECRET));
}

/** A token with the right shape signed with another secret. */
export async function forgedToken(userId: string): Promise<string> {
  return new SignJWT({ role: "admin" })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime("1h")
    .sign(new TextEncoder().encode("x".repeat(64)));
}

export interface CatalogueProduct {
  id: string;
  name: string;
  price: number;
  sizes: string[];
}

/** Live products of the seeded demo catalogue that offer at least one size, cheapest first. */
export async function liveProducts(t: TestApp): Promise<CatalogueProduct[]> {
  const rows = await t.prisma.product.findMany({
    where: { deletedAt: null },
    orderBy: [{ price: "asc" }, { id: "asc" }],
    select: { id: true, name: true, price: true, sizes: true },
  });
  return rows.filter((r) => r.sizes.length > 0).map((r) => ({ id: r.id, name: r.name, price: r.price.toNumber(), sizes: r.sizes }));
}

export const DELIVERY_FEE = 5000;

export const ADDRESS = {
  firstName: "Ana",
  lastName: "Silva",
  email: "ana.silva@exemplo.ao",
  street: "Rua Major Kanhangulo 12",
  city: "Luanda",
  state: "Luanda",
  zipcode: "1000",
  country: "Angola",
  phone: "+244 923 000 000",
};

let phones = 0;
/**
 * A delivery phone of its own: a phone may have at most 3 unpaid orders whichever accounts placed them
 * (docs/product/checkout.md#placement-limits), so each order body gets one unless a test is about the phone.
 */
export const freshPhone = () => `+244 923 ${String(100_000 + (phones++ % 900_000))}`;

export interface Line {
  product: CatalogueProduct;
  size?: string;
  quantity: number;
}

/**
 * A placement body the way the storefront builds it (itemId plus its own copy of name, image, price). Its address's
 * phone is a fresh one (freshPhone) unless the address given names another than ADDRESS's.
 */
export function orderBody(lines: Line[], overrides: Record<string, unknown> = {}) {
  const items = lines.map((l) => ({
    itemId: l.product.id,
    name: l.product.name,
    image: ["/media/x"],
    price: l.product.price,
    size: l.size ?? l.product.sizes[0]!,
    quantity: l.quantity,
  }));
  const totalAmount = lines.reduce((s, l) => s + l.product.price * l.quantity, 0) + DELIVERY_FEE;
  const given = (overrides.address ?? ADDRESS) as typeof ADDRESS;
  const address = given.phone === ADDRESS.phone ? { ...given, phone: freshPhone() } : given;
  return { items, totalAmount, paymentMethod: "cod", ...overrides, address };
}
