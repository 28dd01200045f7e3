// The order page's money path: only the moves the server allows, exceptions through a reasoned dialog, and the
// payments and proofs with their hints (a hint, never the decision).
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AdminContext, RecordContextProvider, ResourceContextProvider, testDataProvider } from "react-admin";
import polyglotI18nProvider from "ra-i18n-polyglot";
import type { ReactNode } from "react";
import { ptMessages } from "../../console/i18n/pt.ts";
import { StatusButtons } from "../../console/orders/status-buttons.tsx";
import { OrderPayments } from "../../console/orders/order-payments.tsx";
import { OrderList } from "../../console/orders/order-list.tsx";
import type { AdminOrder } from "../../server/schemas/admin-orders.ts";
import { staffOrder, staffPayment, staffProof } from "./order-fixtures.ts";

const i18nProvider = polyglotI18nProvider(() => ptMessages, "pt");

const order = staffOrder;

const onOrderPage = (record: AdminOrder, ui: ReactNode) =>
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <RecordContextProvider value={record}>{ui}</RecordContextProvider>
    </AdminContext>,
  );

describe("the order's status moves", () => {
  it("shows the next step as the main action, and an admin's exceptions apart, named as such, through a dialog that asks why", async () => {
    onOrderPage(
      order({
        allowedMoves: { forward: ["Em Preparação", "Enviado", "Entregue"], exceptions: ["Aguardando Pagamento", "Cancelado"] },
      }),
      <StatusButtons />,
    );
    const moves = screen.getByTestId("status-moves");
    const main = within(moves).getByRole("button", { name: "Em Preparação" });
    expect(main).toBeEnabled();
    expect(main).toHaveClass("MuiButton-contained");
    // Skipping ahead is allowed, but not the main action.
    expect(within(moves).getByRole("button", { name: "Entregue" })).toHaveClass("MuiButton-outlined");
    expect(within(moves).queryByRole("button", { name: /Pagamento Confirmado/ })).toBeNull();
    const exceptions = screen.getByTestId("status-exceptions");
    expect(exceptions).toHaveTextContent("Exceções, com motivo:");
    expect(
      within(exceptions)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Outro estado…"]);
  });

  it("names an exceptional Entregue on an unpaid order as an exception, and asks why before it moves", async () => {
    onOrderPage(
      order({
        status: "Aguardando Pagamento",
        paid: false,
        amountPaid: 0,
        paymentState: "unpaid",
        allowedMoves: {
          forward: ["Pagamento Confirmado", "Cancelado"],
          exceptions: ["Em Preparação", "Enviado", "Entregue"],
        },
      }),
      <StatusButtons />,
    );
    const moves = screen.getByTestId("status-moves");
    expect(within(moves).getByRole("button", { name: "Pagamento Confirmado" })).toHaveClass("MuiButton-contained");
    expect(within(moves).getByRole("button", { name: "Cancelar pedido" })).toHaveClass("MuiButton-outlined");
    // No green "Entregue" looking like the next step: only "Entregue (exceção)", among the exceptions.
    expect(within(moves).queryByRole("button", { name: "Entregue" })).toBeNull();
    const exceptions = screen.getByTestId("status-exceptions");
    await userEvent.click(within(exceptions).getByRole("button", { name: "Entregue (exceção)" }));
    const dialog = await screen.findByTestId("exception-dialog");
    expect(within(dialog).getByRole("combobox", { name: /Novo estado/ })).toHaveTextContent("Entregue");
    expect(within(dialog).getByLabelText(/Motivo/)).toHaveValue("");
  });

  it("opens the record-payment form, not a one-click move, for Pagamento Confirmado on an unpaid order", async () => {
    onOrderPage(
      order({
        status: "Aguardando Pagamento",
        paid: false,
        amountPaid: 0,
        paymentState: "unpaid",
        allowedMoves: { forward: ["Pagamento Confirmado", "Cancelado"], exceptions: [] },
      }),
      <StatusButtons />,
    );
    await userEvent.click(within(screen.getByTestId("status-moves")).getByRole("button", { name: "Pagamento Confirmado" }));
    const dialog = await screen.findByTestId("payment-dialog");
    expect(within(dialog).getByText(/ainda não tem o pagamento registado/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Montante/)).toHaveValue("30000");
    expect(within(dialog).getByLabelText(/Referência bancária/)).toHaveValue("");
  });

  it("gives support no exceptions at all, and no button for a move it cannot make", () => {
    onOrderPage(order({ allowedMoves: { forward: ["Em Preparação"], exceptions: [] } }), <StatusButtons />);
    const moves = screen.getByTestId("status-moves");
    expect(
      within(moves)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Em Preparação"]);
    expect(screen.queryByTestId("status-exceptions")).toBeNull();
  });
});

describe("the order's payments", () => {
  const awaiting = order({
    status: "Aguardando Pagamento",
    paid: false,
    amountPaid: 12500,
    paymentState: "partial",
    paymentReference: "LJ4KX7PQM",
    paymentDeadline: new Date(Date.now() + 3 * 3_600_000).toISOString(),
    payments: [staffPayment({ id: "pay1", amount: 12500, bankReference: "BAI-118", note: "Primeira parte" })],
    proofs: [
      staffProof({ id: "pr1", fileName: "talao.jpg" }),
      staffProof({
        id: "pr2",
        fileName: "antigo.jpg",
        status: "refused",
        reason: "Ilegível",
        hints: { amountFound: 17500, amountMatches: true, ibanFound: "AO06004000001234567890123", ibanMatches: false },
        decidedBy: { id: "s1", name: "Ana" },
        decidedAt: "2026-01-02T08:30:00Z",
        createdAt: "2026-01-02T07:00:00Z",
      }),
    ],
  });

  it("shows paid of total, the state, reference, deadline, payments and proofs with their hints", () => {
    onOrderPage(awaiting, <OrderPayments />);
    const section = screen.getByTestId("order-payments");
    expect(screen.getByTestId("amount-paid")).toHaveTextContent("12 500,00 kz / 30 000,00 kz");
    expect(screen.getByTestId("payment-state")).toHaveTextContent("Pago em parte");
    expect(section).toHaveTextContent("Falta pagar17 500,00 kz");
    expect(screen.getByTestId("payment-reference")).toHaveTextContent("LJ4KX7PQM");
    expect(screen.getByTestId("payment-deadline")).toHaveAttribute("data-urgent", "true");
    const table = screen.getByTestId("payments-table");
    expect(table).toHaveTextContent("BAI-118");
    expect(table).toHaveTextContent("por Ana");
    expect(table).toHaveTextContent("Primeira parte");
    const hints = screen.getByTestId("proof-hints");
    expect(hints).toHaveTextContent("Montante lido: 17 500,00 kz — confere");
    expect(hints).toHaveTextContent("IBAN lido AO06004000001234567890123 — não é o IBAN da loja");
    expect(hints).toHaveTextContent("Indicação automática: confirme sempre no extrato bancário");
    expect(section).toHaveTextContent("Motivo: Ilegível");
    // Only the pending proof can be decided.
    expect(screen.getAllByRole("button", { name: "Aceitar" })).toHaveLength(1);
    expect(screen.getAllByRole("button", { name: "Recusar" })).toHaveLength(1);
  });

  it("prefills the payment with what is still due, in recording and in accepting a proof", async () => {
    onOrderPage(awaiting, <OrderPayments />);
    await userEvent.click(screen.getByRole("button", { name: "Registar pagamento" }));
    expect(within(await screen.findByTestId("payment-dialog")).getByLabelText(/Montante/)).toHaveValue("17500");
    await userEvent.click(screen.getByRole("button", { name: "Cancelar" }));
    await userEvent.click(screen.getByRole("button", { name: "Aceitar" }));
    expect(within(await screen.findByTestId("payment-dialog")).getByLabelText(/Montante/)).toHaveValue("17500");
  });
});

describe("a proof still in analysis after the same transfer was recorded by hand", () => {
  it("names the payment recorded after it and accepts the proof as that payment in one click", async () => {
    const acceptProof = vi.fn(async () => undefined);
    const withProof = order({
      status: "Aguardando Pagamento",
      paid: false,
      amountPaid: 12500,
      paymentState: "partial",
      // The proof arrived at 08:00; Ana recorded 12 500 kz by hand at 09:05.
      payments: [staffPayment({ id: "pay1", amount: 12500, bankReference: "BAI-118" })],
      proofs: [
        staffProof({ id: "pr1" }),
        staffProof({ id: "pr0", status: "accepted", paymentId: null, createdAt: "2026-01-01T08:00:00Z" }),
      ],
    });
    render(
      <AdminContext i18nProvider={i18nProvider} dataProvider={{ acceptProof } as never}>
        <RecordContextProvider value={withProof}>
          <OrderPayments />
        </RecordContextProvider>
      </AdminContext>,
    );
    const flagged = screen.getAllByTestId("proof-recorded-after");
    // Only the proof still in analysis is flagged.
    expect(flagged).toHaveLength(1);
    expect(flagged[0]).toHaveTextContent(/Depois deste comprovativo foi registado 12.500,00 kz \(ref\. BAI-118\) por Ana/);
    await userEvent.click(within(flagged[0]!).getByRole("button", { name: "É este pagamento" }));
    expect(acceptProof).toHaveBeenCalledWith(withProof.id, "pr1", { paymentId: "pay1" });
  });

  it("says nothing once a proof shows that payment", () => {
    onOrderPage(
      order({
        payments: [staffPayment({ id: "pay1", amount: 30000, bankReference: "BAI-118" })],
        proofs: [
          staffProof({ id: "pr1", status: "accepted", paymentId: "pay1" }),
          staffProof({ id: "pr2", createdAt: "2026-01-02T10:00:00Z" }),
        ],
      }),
      <OrderPayments />,
    );
    expect(screen.queryByTestId("proof-recorded-after")).toBeNull();
  });
});

// Issue 39: support's payments are "por confirmar" until the bank statement or an admin confirms them.
describe("payments por confirmar", () => {
  const signedInAs = (role: "admin" | "support") => ({
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => role,
  });
  const awaitingBank = order({
    status: "Aguardando Pagamento",
    paid: false,
    amountPaid: 10000,
    amountUnconfirmed: 20000,
    paymentState: "partial",
    payments: [
      staffPayment({
        id: "pay1",
        amount: 10000,
        bankReference: "BAI-EXTRATO",
        confirmation: "statement",
        confirmedBy: "Admin Teste",
        statementLine: { id: "l1", bookedOn: "2026-11-26" },
      }),
      staffPayment({
        id: "pay2",
        amount: 20000,
        bankReference: "INVENTADA-1",
        actor: "Suporte Teste",
        confirmation: "pending",
        confirmedBy: null,
        confirmedAt: null,
      }),
    ],
  });
  const renderAs = (role: "admin" | "support", approvePayment = vi.fn(async () => undefined)) => {
    render(
      <AdminContext i18nProvider={i18nProvider} authProvider={signedInAs(role)} dataProvider={{ approvePayment } as never}>
        <RecordContextProvider value={awaitingBank}>
          <OrderPayments />
        </RecordContextProvider>
      </AdminContext>,
    );
    return approvePayment;
  };

  it("shows what awaits confirmation apart from what counts, and how each payment counts and whether the statement shows it", async () => {
    renderAs("support");
    expect(screen.getByTestId("amount-paid")).toHaveTextContent("10 000,00 kz / 30 000,00 kz");
    expect(screen.getByTestId("amount-unconfirmed")).toHaveTextContent("20 000,00 kz");
    expect(screen.getByTestId("unconfirmed-help")).toHaveTextContent(/não contam até o extrato bancário os confirmar/);
    const [byStatement, pending] = screen.getAllByTestId("payment-confirmation");
    expect(byStatement).toHaveTextContent(/Confirmado pelo extrato · Admin Teste em/);
    expect(byStatement).toHaveTextContent("Linha do extrato de 26-11-2026");
    expect(pending).toHaveTextContent("Por confirmar");
    expect(pending).toHaveTextContent("Sem linha do extrato");
    // Support does not approve.
    await screen.findByTestId("payments-table");
    expect(screen.queryByRole("button", { name: "Aprovar" })).toBeNull();
  });

  it("lets an admin approve a payment por confirmar after saying what it means", async () => {
    const approve = renderAs("admin");
    await userEvent.click(await screen.findByRole("button", { name: "Aprovar" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("Aprovar este pagamento?");
    expect(dialog).toHaveTextContent(/20 000,00 kz \(ref\. INVENTADA-1\), registado por Suporte Teste/);
    await userEvent.click(within(dialog).getByRole("button", { name: "Aprovar" }));
    expect(approve).toHaveBeenCalledWith(awaitingBank.id, "pay2");
    // Only the payment waiting for confirmation has the button.
    expect(screen.getAllByRole("button", { name: "Aprovar" })).toHaveLength(1);
  });

  it("tells support, when recording, that the payment waits for the bank or an admin", async () => {
    renderAs("support");
    await userEvent.click(screen.getByRole("button", { name: "Registar pagamento" }));
    expect(await screen.findByTestId("payment-dialog")).toHaveTextContent(/O pagamento fica por confirmar/);
  });
});

describe("the order's stock hold (docs/product/orders.md#stock)", () => {
  const unpaid = { status: "Aguardando Pagamento", paid: false, amountPaid: 0, paymentState: "unpaid" as const };

  it("says until when an unpaid order holds its units, and when that hold ended", () => {
    const { unmount } = onOrderPage(order({ ...unpaid, stockHeldUntil: "2026-11-25T15:30:00.000Z" }), <OrderPayments />);
    expect(screen.getByTestId("stock-hold")).toHaveTextContent(/^artigos reservados até 25\/11\/(20)?26/);
    unmount();
    onOrderPage(order({ ...unpaid, stockReleasedAt: "2026-11-25T15:30:00.000Z" }), <OrderPayments />);
    expect(screen.getByTestId("stock-hold")).toHaveTextContent(/^terminou a 25\/11\/(20)?26.*: artigos de novo à venda$/);
  });

  it("shows nothing of a hold on a paid order", () => {
    onOrderPage(order({ stockReleasedAt: "2026-11-25T15:30:00.000Z" }), <OrderPayments />);
    expect(screen.queryByTestId("stock-hold")).toBeNull();
  });
});

describe("the orders list's payment chip", () => {
  it("says of each row where its money stands: what waits for staff first, then how much counts", async () => {
    const unpaid = { status: "Aguardando Pagamento", paid: false, amountPaid: 0, paymentState: "unpaid" as const };
    const rows = [
      order({ id: "o1", shortId: "PAGO01" }),
      order({ id: "o2", shortId: "NADA02", ...unpaid }),
      order({ id: "o3", shortId: "PARTE3", ...unpaid, amountPaid: 10000, paymentState: "partial" }),
      order({ id: "o4", shortId: "CONFI4", ...unpaid, amountUnconfirmed: 30000 }),
      order({ id: "o5", shortId: "PROVA5", ...unpaid, amountUnconfirmed: 30000, proofs: [staffProof({ id: "p5" })] }),
      order({ id: "o6", shortId: "EXCEP6", paid: true, amountPaid: 0, paymentState: "unpaid", paidException: "Pago em mão" }),
      order({ id: "o7", shortId: "RECUS7", ...unpaid, proofs: [staffProof({ id: "p7", status: "refused" })] }),
    ];
    render(
      <AdminContext
        i18nProvider={i18nProvider}
        dataProvider={testDataProvider({ getList: (async () => ({ data: rows, total: rows.length })) as never })}
      >
        <ResourceContextProvider value="orders">
          <OrderList />
        </ResourceContextProvider>
      </AdminContext>,
    );
    await screen.findByText("#PAGO01", undefined, { timeout: 10_000 });
    const chipOf = (short: string) => within(screen.getByText(`#${short}`).closest("tr")!).getByTestId("order-payment");
    expect(screen.getByRole("columnheader", { name: "Pagamento" })).toBeInTheDocument();
    expect(chipOf("PAGO01")).toHaveTextContent("Pago");
    expect(chipOf("NADA02")).toHaveTextContent("Por pagar");
    expect(chipOf("PARTE3")).toHaveTextContent("Pago em parte");
    expect(chipOf("CONFI4")).toHaveTextContent("Por confirmar");
    expect(chipOf("PROVA5")).toHaveTextContent("Comprovativo por ver");
    expect(chipOf("EXCEP6")).toHaveTextContent("Confirmado sem pagamento");
    // A refused proof waits for nobody: the order is simply unpaid.
    expect(chipOf("RECUS7")).toHaveTextContent("Por pagar");
  });
});

describe("Multicaixa Express charges (docs/product/console.md#multicaixa-express)", () => {
  const charge = (over: Partial<NonNullable<AdminOrder["mcxExpressCharges"]>[number]>) => ({
    id: "ch1",
    paymentRequestId: null,
    phoneNumber: "923 456 789",
    amount: 30000,
    status: "failed",
    code: 231,
    gatewayMessage: "Pagamento não autorizado pelo cliente.",
    gatewayId: "0b8c1c1e-6b4d-4f7e-9d7e-1f0c2a3b4c5d",
    merchantTransactionId: "AB12CD34EF56GH7",
    gatewayAmount: null,
    attempts: 1,
    paymentId: null,
    refunded: 0,
    createdAt: "2026-11-28T09:00:00.000Z",
    settledAt: "2026-11-28T09:01:00.000Z",
    ...over,
  });
  const paidByMcx = order({
    status: "Pagamento Confirmado",
    paid: true,
    amountPaid: 30000,
    paymentState: "paid",
    payments: [staffPayment({ id: "pay9", amount: 30000, bankReference: "Multicaixa Express 7f1e", actor: "Multicaixa Express" })],
    mcxExpressCharges: [
      charge({}),
      charge({ id: "ch2", status: "paid", code: 100, gatewayMessage: null, gatewayId: "7f1e", paymentId: "pay9", attempts: 2 }),
    ],
  });
  const renderAs = (role: "admin" | "support", refundThroughAppyPay = vi.fn(async () => undefined)) => {
    render(
      <AdminContext
        i18nProvider={i18nProvider}
        authProvider={{
          login: async () => undefined,
          logout: async () => undefined,
          checkAuth: async () => undefined,
          checkError: async () => undefined,
          getPermissions: async () => role,
        }}
        dataProvider={{ refundThroughAppyPay } as never}
      >
        <RecordContextProvider value={paidByMcx}>
          <OrderPayments />
        </RecordContextProvider>
      </AdminContext>,
    );
    return refundThroughAppyPay;
  };

  it("shows each charge's phone, amount, state, AppyPay's id and code and the checks, and lets an admin give a paid one back through AppyPay", async () => {
    const refund = renderAs("admin");
    const list = screen.getByTestId("mcx-express-charges");
    expect(list).toHaveTextContent("Não pago");
    expect(list).toHaveTextContent("Pago");
    expect(list).toHaveTextContent("Telemóvel 923 456 789");
    expect(list).toHaveTextContent(/Cobrança AppyPay 0b8c1c1e-6b4d-4f7e-9d7e-1f0c2a3b4c5d · 1 verificação/);
    expect(list).toHaveTextContent(/código 231 · Pagamento não autorizado pelo cliente\./);
    // Only the paid charge can be given back.
    const [only, ...others] = await within(list).findAllByRole("button", { name: "Devolver pela AppyPay" });
    expect(others).toHaveLength(0);
    await userEvent.click(only!);
    const dialog = await screen.findByTestId("appypay-refund-dialog");
    await userEvent.clear(within(dialog).getByLabelText(/Montante/));
    await userEvent.type(within(dialog).getByLabelText(/Montante/), "5000");
    await userEvent.type(within(dialog).getByLabelText(/Motivo/), "Tamanho errado");
    await userEvent.click(within(dialog).getByRole("button", { name: "Devolver pela AppyPay" }));
    expect(refund).toHaveBeenCalledWith(paidByMcx.id, "pay9", { amount: 5000, note: "Tamanho errado" });
  });

  it("gives support no AppyPay refund", async () => {
    renderAs("support");
    await screen.findByTestId("mcx-express-charges");
    expect(screen.queryByRole("button", { name: "Devolver pela AppyPay" })).toBeNull();
  });
});
