// Suggestions for a statement line that waits for an admin (docs/product/console.md#extrato-admins): the orders it
// may be, best first, so assigning a line is choosing, not typing an order code blind. An order is offered when the
// line names its payment reference, when it holds a payment staff recorded of the line's amount that no statement
// line confirmed yet ("é o pagamento já registado"), when its customer's name is in the line, or when it owes exactly
// the line's amount.
import type { PrismaClient } from "../../db/client.ts";
import { shortOrderId } from "../../../shared/orders.ts";
import { WAITING_LINE_STATES } from "../../../shared/bank-statements.ts";
import type { AdminStatementCandidate } from "../../schemas/admin-bank-statements.ts";
import { AppError } from "../errors.ts";
import { statementsRepository } from "./statements-repository.ts";
import { paymentReferencesIn } from "./statement-lines.ts";

/** How many suggestions a line shows, and how many open orders are weighed for them. */
const SHOWN = 5;
const POOL = 300;

type Reason = AdminStatementCandidate["reasons"][number];
const WEIGHT: Readonly<Record<Reason, number>> = { reference: 8, payment: 4, name: 2, amount: 1 };

/** Words of a bank's description that name no one ("TRF", "PAGAMENTO", "DE"…). */
const NOT_A_NAME = new Set(
  "TRF TRANSF TRANSFERENCIA TRANSFERENCIAS PAGAMENTO PAGTO PAG REF REFERENCIA ENCOMENDA PEDIDO LOJA RESTO PARTE SINAL DE DA DO DAS DOS E PARA POR COM LDA SA KZ AOA MCX MULTICAIXA EXPRESS BAI BFA BIC BPC BCI ATL SOL KEVE ECONOMICO CREDITO DEBITO".split(
    " ",
  ),
);

/** The words of a text, upper-cased without accents, of three letters or more. */
const words = (text: string): string[] =>
  text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toUpperCase()
    .split(/[^A-Z]+/)
    .filter((w) => w.length >= 3);

/**
 * Whether a person's name is in the line: two of its words (first name and a surname), or its only word. Banks cut
 * descriptions, so "ANA SILVA" names Ana Maria da Silva.
 */
function namesPerson(lineWords: ReadonlySet<string>, name: string): boolean {
  const own = [...new Set(words(name))].filter((w) => !NOT_A_NAME.has(w));
  const found = own.filter((w) => lineWords.has(w)).length;
  return own.length > 0 && found >= Math.min(2, own.length);
}

const cents = (n: { toNumber(): number }) => Math.round(n.toNumber() * 100);

/** The orders a waiting line may be, best first (at most SHOWN). */
export async function lineCandidates(db: PrismaClient, lineId: string): Promise<AdminStatementCandidate[]> {
  const repo = statementsRepository(db);
  const line = await repo.findLine(lineId);
  if (!line) throw new AppError(404, "Linha do extrato não encontrada");
  if (!(WAITING_LINE_STATES as readonly string[]).includes(line.state)) return [];
  const references = paymentReferencesIn(line);
  const lineWords = new Set(words(`${line.description} ${line.reference ?? ""}`));
  const amount = cents(line.amount);
  const orders = await repo.candidateOrders(references, line.amount, POOL);

  const offered = orders.flatMap((o) => {
    const address = (o.address ?? {}) as { firstName?: unknown; lastName?: unknown };
    const delivery = [address.firstName, address.lastName].filter((x) => typeof x === "string").join(" ");
    const sameAmount = o.payments.filter((p) => cents(p.amount) === amount);
    const reasons = (
      [
        ["reference", o.paymentReference !== null && references.includes(o.paymentReference)],
        ["payment", sameAmount.length > 0],
        ["name", namesPerson(lineWords, o.user.name) || namesPerson(lineWords, delivery)],
        ["amount", cents(o.totalAmount) - cents(o.amountPaid) === amount],
      ] as const
    )
      .filter(([, holds]) => holds)
      .map(([reason]) => reason);
    if (reasons.length === 0) return [];
    const candidate: AdminStatementCandidate = {
      order: { id: o.id, shortId: shortOrderId(o.id), paymentReference: o.paymentReference, status: o.status },
      customerName: o.user.name,
      totalAmount: o.totalAmount.toNumber(),
      amountPaid: o.amountPaid.toNumber(),
      reasons: [...reasons],
      payments: sameAmount.map((p) => ({
        id: p.id,
        amount: p.amount.toNumber(),
        bankReference: p.bankReference,
        actor: p.actor,
        receivedAt: p.receivedAt.toISOString(),
        confirmed: p.confirmedAt !== null,
      })),
    };
    return [{ candidate, score: reasons.reduce((n, r) => n + WEIGHT[r], 0), at: o.createdAt.getTime() }];
  });
  return offered
    .sort((a, b) => b.score - a.score || b.at - a.at)
    .slice(0, SHOWN)
    .map((o) => o.candidate);
}
