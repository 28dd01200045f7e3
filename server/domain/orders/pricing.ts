// The server's own price for an order: every line repriced from the database, sizes checked, the delivery priced
// from the address and the chosen option (docs/product/checkout.md#delivery). Nothing the client says about prices
// or totals is used, only compared.
import type { Db } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";
import type { OrderItemInput } from "../../schemas/orders.ts";
import { MAX_LINE_QUANTITY } from "../../schemas/cart.ts";
import { MAX_AMOUNT, amountTooLarge, formatKz } from "../../../shared/money.ts";
import type { DeliveryChoice, PayOnDeliveryTerms } from "../../../shared/delivery.ts";
import { priceDelivery } from "../delivery/service.ts";
import { soldOutInOrder } from "../../../shared/catalogue.ts";
import { notEnoughStock } from "../../../shared/stock.ts";
import { AppError } from "../errors.ts";
import { mediaUrl } from "../media/service.ts";
import { ordersRepository } from "./repository.ts";

export interface RequestedLine {
  productId: string;
  size: string;
  quantity: number;
}

export interface PricedLine {
  productId: string;
  name: string;
  image: string;
  price: Prisma.Decimal;
  size: string;
  quantity: number;
  /** The size's units are tracked: placement takes them (docs/product/orders.md#stock). */
  reserved: boolean;
}

export interface PricedOrder {
  lines: PricedLine[];
  subtotal: Prisma.Decimal;
  deliveryFee: Prisma.Decimal;
  /** What a coupon takes off (0 without one): totalAmount = subtotal + deliveryFee − discount. */
  discount: Prisma.Decimal;
  totalAmount: Prisma.Decimal;
  delivery: DeliveryChoice;
  /** The owner's pay-on-delivery terms where it goes (null: not offered there): docs/product/pay-on-delivery.md. */
  payOnDelivery: PayOnDeliveryTerms | null;
}

/** Where the order goes and what the shopper chose: the delivery is priced from these. */
export interface DeliveryRequest {
  address: { state: string; city: string };
  optionId?: string;
}

/**
 * The lines the shopper asked for: quantity-0 lines dropped (an order is its lines with a quantity above 0),
 * repeated product+size pairs added together. A line without a product id is refused.
 */
export function requestedLines(items: readonly OrderItemInput[]): RequestedLine[] {
  const merged = new Map<string, RequestedLine>();
  for (const item of items) {
    const productId = item._id ?? item.itemId;
    if (!productId) throw new AppError(400, "Cada artigo do pedido precisa do identificador do produto");
    if (item._id && item.itemId && item._id !== item.itemId) throw new AppError(400, "Artigo do pedido com identificadores diferentes");
    if (item.quantity === 0) continue;
    const key = JSON.stringify([productId, item.size]);
    const line = merged.get(key) ?? { productId, size: item.size, quantity: 0 };
    line.quantity += item.quantity;
    if (line.quantity > MAX_LINE_QUANTITY) throw new AppError(400, `Quantidade máxima por artigo: ${MAX_LINE_QUANTITY}`);
    merged.set(key, line);
  }
  return [...merged.values()];
}

export async function priceOrder(db: Db, requested: readonly RequestedLine[], where: DeliveryRequest): Promise<PricedOrder> {
  const products = new Map(
    (await ordersRepository(db).findProducts([...new Set(requested.map((l) => l.productId))])).map((p) => [p.id, p]),
  );
  const lines: PricedLine[] = requested.map((r) => {
    const p = products.get(r.productId);
    if (!p) throw new AppError(404, "Produto não encontrado");
    if (p.deletedAt || p.hidden)
      throw new AppError(409, `O produto "${p.name}" já não está disponível. Remova-o do carrinho para continuar.`);
    if (p.soldOut) throw new AppError(409, soldOutInOrder(p.name));
    if (!r.size.trim() || !p.sizes.includes(r.size))
      throw new AppError(400, `Tamanho "${r.size}" não disponível para o produto "${p.name}"`);
    const tracked = p.stock.find((s) => s.size === r.size);
    // Seen short already: refused before anything is written (the conditional UPDATE at the write is the guarantee).
    if (tracked && tracked.quantity < r.quantity) throw new AppError(409, notEnoughStock(p.name, r.size));
    const first = p.images[0];
    return {
      reserved: Boolean(tracked),
      productId: p.id,
      name: p.name,
      image: first ? mediaUrl(first.media.publicId) : "",
      price: p.price,
      size: r.size,
      quantity: r.quantity,
    };
  });
  const subtotal = lines.reduce((sum, l) => sum.plus(l.price.times(l.quantity)), new Prisma.Decimal(0));
  // Every price fits its column, but many of a dear one may not: say so rather than fail on the insert.
  if (subtotal.greaterThan(MAX_AMOUNT)) throw new AppError(400, amountTooLarge("O total do pedido"));
  const { payOnDelivery, ...delivery } = await priceDelivery(db, where.address, subtotal.toNumber(), where.optionId);
  const deliveryFee = new Prisma.Decimal(delivery.fee);
  const totalAmount = subtotal.plus(deliveryFee);
  if (totalAmount.greaterThan(MAX_AMOUNT)) throw new AppError(400, amountTooLarge("O total do pedido"));
  return { lines, subtotal, deliveryFee, discount: new Prisma.Decimal(0), totalAmount, delivery, payOnDelivery };
}

/** The order priced with a coupon's discount taken off (the discount never exceeds subtotal + delivery). */
export function withDiscount(priced: PricedOrder, discount: number): PricedOrder {
  const off = Prisma.Decimal.min(new Prisma.Decimal(discount), priced.subtotal.plus(priced.deliveryFee));
  return { ...priced, discount: off, totalAmount: priced.subtotal.plus(priced.deliveryFee).minus(off) };
}

/** Compares the client's total with the server's to the cent, and refuses a stale one with the current total. */
export function checkClientTotal(clientTotal: number, priced: PricedOrder): void {
  if (Math.round(clientTotal * 100) === priced.totalAmount.times(100).toNumber()) return;
  throw new AppError(409, `O total do pedido mudou: o total atual é ${formatKz(priced.totalAmount)}`, {
    totalAmount: priced.totalAmount.toNumber(),
  });
}
