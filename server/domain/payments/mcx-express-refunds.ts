// A Multicaixa Express payment given back through AppyPay (POST /refunds/{id}, partial allowed): docs/product/orders.md#refunds.
// The amount is reserved on the charge first (no two refunds of one charge can pass its amount), AppyPay is asked
// with no row held, and only its success is recorded as a refund (done, "AppyPay <refund id>"); a refusal or no answer
// gives the reservation back. A bank transfer back stays possible as before (recordRefund).
import type { PrismaClient } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";
import { formatKz } from "../../../shared/money.ts";
import { shortOrderId } from "../../../shared/orders.ts";
import { AppyPayError } from "../../integrations/appypay/client.ts";
import { AppError } from "../errors.ts";
import { STAFF_ORDER_NOT_FOUND } from "../orders/not-found.ts";
import type { McxExpressSetup } from "./mcx-express.ts";
import { mcxExpressRepository } from "./mcx-express-repository.ts";
import { staffActor } from "./payments.ts";
import { recordServiceRefund } from "./refunds.ts";
import { paymentsRepository } from "./repository.ts";

const NOT_A_CHARGE = "Este pagamento não é uma cobrança Multicaixa Express paga: registe a devolução por transferência";

export async function refundThroughAppyPay(
  db: PrismaClient,
  setup: Pick<McxExpressSetup, "gateway"> | undefined,
  input: { orderId: string; paymentId: string; amount: number; note?: string; staffUserId: string },
): Promise<void> {
  if (!setup) throw new AppError(409, "A AppyPay não está configurada: registe a devolução por transferência");
  const cents = Math.round(input.amount * 100);
  if (Math.abs(input.amount * 100 - cents) > 1e-6) throw new AppError(400, "O valor pode ter no máximo 2 casas decimais");
  if (cents <= 0) throw new AppError(400, "O valor deve ser maior que zero");
  const amount = new Prisma.Decimal(cents).dividedBy(100);
  const actor = await staffActor(db, input.staffUserId);

  const charge = await db.$transaction(async (tx) => {
    const order = await paymentsRepository(tx).lockOrderMoney(input.orderId);
    if (!order) throw new AppError(404, STAFF_ORDER_NOT_FOUND);
    const found = await mcxExpressRepository(tx).lockPaidByPayment(input.orderId, input.paymentId);
    if (!found?.gatewayId) throw new AppError(409, NOT_A_CHARGE);
    const left = Prisma.Decimal.min(found.amount.minus(found.refunded), order.amountPaid.minus(order.amountRefunded));
    if (amount.greaterThan(left)) throw new AppError(409, `A devolução excede o que resta desta cobrança (${formatKz(left.toNumber())})`);
    await mcxExpressRepository(tx).addRefunded(found.id, amount);
    return found;
  });

  let refund: { id: string; state: string; message: string | null };
  try {
    refund = await setup.gateway.refund(charge.gatewayId!, amount.toNumber(), `Devolucao pedido ${shortOrderId(input.orderId)}`);
    if (refund.state === "failed") throw new AppyPayError(refund.message ?? "AppyPay recusou a devolução", 200);
  } catch (error) {
    await mcxExpressRepository(db).addRefunded(charge.id, amount.negated());
    const said = error instanceof AppyPayError ? (error.providerMessage ?? (error.status === 200 ? error.message : null)) : null;
    throw new AppError(
      502,
      `A AppyPay não confirmou a devolução${said ? `: ${said}` : ""}. Verifique no portal da AppyPay antes de tentar de novo.`,
    );
  }
  await db.$transaction((tx) =>
    recordServiceRefund(tx, {
      orderId: input.orderId,
      amount,
      reference: `AppyPay ${refund.id}`,
      note: input.note?.trim() || null,
      staffUserId: input.staffUserId,
      actor,
      paymentRequestId: charge.paymentRequestId,
    }),
  );
}
