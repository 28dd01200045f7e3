// The rule that decides what a new statement line is (server/domain/payments/statement-matching.ts): the payment
// already recorded it confirms, new money for the order it names, a line in review that may be a payment already
// recorded, or one that waits. Each transfer counts once: never new money on an order holding payments no line
// confirmed yet.
import { describe, expect, it } from "vitest";
import { Prisma } from "../../server/db/client.ts";
import {
  decideLine,
  type NamedOrder,
  type ReferencedPayment,
  type UnlinkedPayment,
} from "../../server/domain/payments/statement-matching.ts";

const kz = (n: number) => new Prisma.Decimal(n);
const awaiting = (id: string, total: number, paid = 0): NamedOrder => ({
  id,
  status: "Aguardando Pagamento",
  totalAmount: kz(total),
  amountPaid: kz(paid),
});
const payment = (id: string, orderId: string, amount: number, over: Partial<UnlinkedPayment> = {}): UnlinkedPayment => ({
  id,
  orderId,
  amount: kz(amount),
  bankReference: `REF-${id}`,
  actor: "Suporte Teste",
  ...over,
});
const referenced = (p: UnlinkedPayment, linked = false): ReferencedPayment => ({ ...p, linked });

describe("a line naming one order", () => {
  it("links to the one payment without a line of its amount, even when the order owes exactly that (the audit's case)", () => {
    const order = awaiting("o1", 24_000, 12_000);
    expect(decideLine({ amount: kz(12_000) }, [order], [payment("p1", "o1", 12_000)], [])).toEqual({
      kind: "link",
      orderId: "o1",
      paymentId: "p1",
    });
  });

  it("waits in review when the order holds payments without a line of another amount, naming the latest", () => {
    const d = decideLine(
      { amount: kz(14_000) },
      [awaiting("o1", 24_000, 10_000)],
      [payment("p1", "o1", 4_000), payment("p2", "o1", 6_000)],
      [],
    );
    expect(d).toMatchObject({ kind: "review", orderId: "o1", paymentId: "p2" });
    expect(d.kind === "review" && d.problem).toMatch(/sem linha do extrato: pode ser o mesmo pagamento/);
  });

  it("waits in review when two payments without a line have its amount, naming the oldest", () => {
    const d = decideLine({ amount: kz(15_000) }, [awaiting("o1", 30_000)], [payment("p1", "o1", 15_000), payment("p2", "o1", 15_000)], []);
    expect(d).toMatchObject({ kind: "review", paymentId: "p1" });
    expect(d.kind === "review" && d.problem).toMatch(/2 pagamentos de .* sem linha do extrato/);
  });

  it("is recorded as before when the order holds no payment without a line and owes exactly its amount", () => {
    expect(decideLine({ amount: kz(9_000) }, [awaiting("o1", 9_000)], [], [])).toEqual({ kind: "record", orderId: "o1" });
    expect(decideLine({ amount: kz(5_000) }, [awaiting("o1", 9_000)], [], [])).toMatchObject({ kind: "wait", orderId: "o1" });
  });

  it("waits on a cancelled order whatever it holds", () => {
    const cancelled = { ...awaiting("o1", 9_000), status: "Cancelado" };
    expect(decideLine({ amount: kz(9_000) }, [cancelled], [payment("p1", "o1", 9_000)], [])).toMatchObject({
      kind: "wait",
      problem: "O pedido #O1 está cancelado",
    });
  });
});

describe("a line carrying the bank's own reference", () => {
  const recorded = payment("p9", "o2", 40_000, { bankReference: "DOC-5511" });

  it("links to the payment holding that reference with its amount, when it names no order or that payment's order", () => {
    expect(decideLine({ amount: kz(40_000) }, [], [], [referenced(recorded)])).toEqual({ kind: "link", orderId: "o2", paymentId: "p9" });
    expect(decideLine({ amount: kz(40_000) }, [awaiting("o2", 40_000)], [], [referenced(recorded)])).toMatchObject({ kind: "link" });
  });

  it("is reviewed against it when it names another order or has another amount; waits when a line already confirmed it", () => {
    expect(decideLine({ amount: kz(40_000) }, [awaiting("o3", 40_000)], [], [referenced(recorded)])).toMatchObject({
      kind: "review",
      paymentId: "p9",
      problem: 'A referência bancária "DOC-5511" já está registada no pedido #O2',
    });
    expect(decideLine({ amount: kz(39_000) }, [], [], [referenced(recorded)])).toMatchObject({ kind: "review", paymentId: "p9" });
    expect(decideLine({ amount: kz(40_000) }, [], [], [referenced(recorded, true)])).toMatchObject({ kind: "wait", orderId: "o2" });
  });
});

describe("a line naming no order or several", () => {
  it("waits, saying which", () => {
    expect(decideLine({ amount: kz(1) }, [], [], [])).toMatchObject({
      kind: "wait",
      orderId: null,
      problem: expect.stringMatching(/nenhum pedido/),
    });
    expect(decideLine({ amount: kz(1) }, [awaiting("o1", 1), awaiting("o2", 1)], [], [])).toMatchObject({
      kind: "wait",
      problem: expect.stringMatching(/mais de um pedido/),
    });
  });
});
