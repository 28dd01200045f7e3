// The NIF rule (shared/nif.ts) and what an FR and an NC say (server/domain/fiscal/rules.ts): lines that add up,
// taxes included, to what was paid, a coupon's discount shared among them, the NC referring to the FR; and whose
// money a refund gives back (server/domain/payments/refund-shares.ts), which decides the FR each NC credits.
import { describe, expect, it } from "vitest";
import { checkNif, CONSUMER_NIF, nifKind, normalizeNif } from "../../shared/nif.ts";
import { creditNoteRequest, documentDate, invoiceRequest, requestTotal, type InvoiceOrder } from "../../server/domain/fiscal/rules.ts";
import { Prisma } from "../../server/db/client.ts";
import { shareOut } from "../../server/domain/payments/refund-shares.ts";

describe("the NIF rule", () => {
  it("takes out spaces, dots and dashes, upper-cases letters, and knows a company's NIF from a BI", () => {
    expect(normalizeNif(" 500.000 00-00 ")).toBe("5000000000");
    expect(nifKind("5000000000")).toBe("company");
    expect(nifKind(normalizeNif("004567890la042"))).toBe("person");
    expect(checkNif("")).toEqual({ nif: null });
    expect(checkNif(undefined)).toEqual({ nif: null });
    for (const bad of ["123", "50000000001", "999999999", "004567890L042", "ABCDEFGHIJ", "5000000000\u0000"])
      expect(checkNif(bad)).toHaveProperty("problem");
  });
});

const order = (over: Partial<InvoiceOrder> = {}): InvoiceOrder => ({
  id: "cmorder0000000000abc123",
  nif: null,
  address: { firstName: "Ana", lastName: "Silva" },
  deliveryFee: 5000,
  discount: 0,
  totalAmount: 0,
  delivery: { name: "Luanda (centro)" },
  lines: [
    { productId: "p1", name: "Camisa", size: "M", quantity: 3, price: 12_999.99 },
    { productId: "p2", name: "Candeeiro", size: "Único", quantity: 1, price: 45_000 },
  ],
  ...over,
});
const AT = new Date("2026-11-27T23:30:00Z"); // already the 28th in Luanda

describe("the FR of a paid order", () => {
  it("has a line per item and one for delivery, adding up to the total paid, IVA at 14 % included in the prices", () => {
    const o = order({ totalAmount: 3 * 12_999.99 + 45_000 + 5000 });
    const fr = invoiceRequest(o, "geral", AT);
    expect(fr).toMatchObject({
      documentType: "FR",
      documentDate: "2026-11-28",
      customerTaxID: CONSUMER_NIF,
      companyName: "Consumidor final",
    });
    expect(fr.lines.map((l) => [l.lineNumber, l.productCode, l.productDescription, l.quantity])).toEqual([
      [1, "p1", "Camisa (M)", 3],
      [2, "p2", "Candeeiro", 1],
      [3, "ENTREGA", "Entrega: Luanda (centro)", 1],
    ]);
    expect(fr.lines[0]!.unitPriceBase).toBeCloseTo(12_999.99 / 1.14, 5);
    expect(fr.lines.every((l) => l.unitPrice === undefined && l.taxes === undefined)).toBe(true);
    expect(requestTotal(fr, "geral")).toBe(o.totalAmount);
  });

  it("shares a coupon's discount among the lines (their discounted unit price), still adding up to what was paid", () => {
    for (const discount of [1, 999.97, 10_000, 83_999.97]) {
      const o = order({ discount, totalAmount: Math.round((3 * 12_999.99 + 45_000 + 5000 - discount) * 100) / 100 });
      const fr = invoiceRequest(o, "geral", AT);
      expect(fr.lines.some((l) => l.unitPrice !== undefined)).toBe(true);
      expect(requestTotal(fr, "geral")).toBe(o.totalAmount);
    }
  });

  it("names the buyer with their NIF, and sends no IVA for a shop in the exclusion regime", () => {
    const o = order({ nif: "5000000000", deliveryFee: 0, totalAmount: 3 * 12_999.99 + 45_000 });
    const fr = invoiceRequest(o, "exclusao", AT);
    expect(fr).toMatchObject({ customerTaxID: "5000000000", companyName: "Ana Silva" });
    expect(fr.lines).toHaveLength(2);
    expect(fr.lines[1]!.unitPriceBase).toBe(45_000);
    expect(fr.lines[0]!.taxes).toEqual([expect.objectContaining({ taxType: "NS", taxPercentage: 0 })]);
    expect(requestTotal(fr, "exclusao")).toBe(o.totalAmount);
  });
});

describe("the NC of a refund", () => {
  it("is one line for the amount given back, referring to the FR's number", () => {
    const nc = creditNoteRequest(order({ nif: "004567890LA042" }), { amount: 12_345.67, note: null }, "FR LOJA2026/000001", "geral", AT);
    expect(nc).toMatchObject({ documentType: "NC", customerTaxID: "004567890LA042" });
    expect(nc.lines).toEqual([
      expect.objectContaining({ quantity: 1, referenceInfo: { reference: "FR LOJA2026/000001", reason: "Devolução" } }),
    ]);
    expect(nc.lines[0]!.productDescription).toBe("Devolução do pedido #ABC123");
    expect(requestTotal(nc, "geral")).toBe(12_345.67);
    expect(documentDate(new Date("2026-01-01T00:30:00Z"))).toBe("2026-01-01");
  });
});

describe("the money a refund gives back (its shares, which its NCs follow)", () => {
  const kz = (n: number) => new Prisma.Decimal(n);
  const source = (paymentRequestId: string | null, left: number) => ({ paymentRequestId, left: kz(left) });
  const plain = (shares: { paymentRequestId: string | null; amount: Prisma.Decimal }[]) =>
    shares.map((s) => [s.paymentRequestId, s.amount.toNumber()]);

  it("takes the order's own money first, then the requests' oldest first, each up to what is left of it", () => {
    const sources = [source(null, 20_000), source("req-a", 5_000), source("req-b", 3_000)];
    expect(plain(shareOut(kz(12_000), sources))).toEqual([[null, 12_000]]);
    expect(plain(shareOut(kz(26_500.5), sources))).toEqual([
      [null, 20_000],
      ["req-a", 5_000],
      ["req-b", 1_500.5],
    ]);
    // A deposit-only order: nothing of its own came, the request's money is all there is.
    expect(plain(shareOut(kz(5_000), [source(null, 0), source("req-a", 5_000)]))).toEqual([["req-a", 5_000]]);
  });

  it("takes a named request's money first (a refund of its charge), and shares out nothing no money covers", () => {
    const sources = [source(null, 20_000), source("req-a", 5_000)];
    expect(plain(shareOut(kz(6_000), sources, "req-a"))).toEqual([
      ["req-a", 5_000],
      [null, 1_000],
    ]);
    // Beyond what was owed (an overpayment): no share, as nothing invoiced it.
    expect(plain(shareOut(kz(30_000), sources))).toEqual([
      [null, 20_000],
      ["req-a", 5_000],
    ]);
  });
});
