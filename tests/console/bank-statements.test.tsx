// The console's "Extrato" (admins only): the lines as cards with why they wait and the order they name, assigning
// one to an order (the server's refusal shown in the dialog), linking one in review to the payment it is, setting
// one aside with a reason, the report of payments without a line, importing a statement whose columns are asked for
// once when the bank names them otherwise, and the saved mappings.
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  AdminContext,
  HttpError,
  ListContextProvider,
  ResourceContextProvider,
  testDataProvider,
  type ListControllerResult,
} from "react-admin";
import polyglotI18nProvider from "ra-i18n-polyglot";
import type { ReactNode } from "react";
import { ptMessages } from "../../console/i18n/pt.ts";
import { canRoleAccess } from "../../console/auth-provider.ts";
import { StatementLines } from "../../console/bank-statements/statement-line-list.tsx";
import { StatementUpload } from "../../console/bank-statements/statement-upload.tsx";
import { StatementMappings } from "../../console/bank-statements/mapping-list.tsx";
import { mappingOf } from "../../console/bank-statements/mapping-dialog.tsx";
import { assignRequestBody } from "../../console/bank-statements/line-dialogs.tsx";
import { UnlinkedReport } from "../../console/bank-statements/unlinked-report.tsx";
import type {
  AdminStatementCandidate,
  AdminStatementLine,
  AdminStatementMapping,
  StatementImportReply,
} from "../../server/schemas/admin-bank-statements.ts";
import type { StatementMapping } from "../../shared/bank-statements.ts";

const i18nProvider = polyglotI18nProvider(() => ptMessages, "pt");

const line = (over: Partial<AdminStatementLine>): AdminStatementLine => ({
  id: "l1",
  statementId: "s1",
  fileName: "extrato.csv",
  importedAt: "2026-11-25T10:00:00.000Z",
  importedBy: "Admin Teste",
  rowNumber: 2,
  bookedOn: "2026-11-25",
  description: "TRF LJ7K2M9QX ANA SILVA",
  reference: null,
  amount: 100_000,
  state: "unmatched",
  problem: "O crédito (100 000,00 kz) não é o que falta pagar na encomenda #ABC123 (190 000,00 kz)",
  suggestedOrder: { id: "order00000abc123", shortId: "ABC123", paymentReference: "LJ7K2M9QX", status: "Aguardando Pagamento" },
  order: null,
  paymentId: null,
  payment: null,
  suggestedPayment: null,
  dismissReason: null,
  decidedBy: null,
  decidedAt: null,
  ...over,
});

const rows = [
  line({}),
  line({
    id: "l2",
    description: "TRF LJ4KX7PQM",
    amount: 50_000,
    state: "matched",
    problem: null,
    suggestedOrder: null,
    order: { id: "order00000def456", shortId: "DEF456", paymentReference: "LJ4KX7PQM", status: "Pagamento Confirmado" },
    paymentId: "p1",
  }),
];

function inAdmin(ui: ReactNode, dataProvider = testDataProvider()) {
  return render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <ResourceContextProvider value="bank-statement-lines">{ui}</ResourceContextProvider>
    </AdminContext>,
  );
}

function listContext<T>(data: T[], resource: string) {
  return {
    data,
    total: data.length,
    isPending: false,
    isLoading: false,
    isFetching: false,
    filterValues: {},
    displayedFilters: {},
    setFilters: () => undefined,
    sort: { field: "id", order: "DESC" },
    page: 1,
    perPage: 25,
    selectedIds: [],
    resource,
    refetch: () => undefined,
  } as unknown as ListControllerResult;
}

function renderLines(dataProvider = testDataProvider()) {
  const context = {
    data: rows,
    total: rows.length,
    isPending: false,
    isLoading: false,
    isFetching: false,
    filterValues: {},
    displayedFilters: {},
    setFilters: () => undefined,
    sort: { field: "bookedOn", order: "DESC" },
    page: 1,
    perPage: 25,
    selectedIds: [],
    resource: "bank-statement-lines",
    refetch: () => undefined,
  } as unknown as ListControllerResult;
  return inAdmin(
    <ListContextProvider value={context}>
      <StatementLines />
    </ListContextProvider>,
    dataProvider,
  );
}

describe("the Extrato page", () => {
  it("is for admins only", () => {
    expect(canRoleAccess("admin", "bank-statement-lines", "list")).toBe(true);
    expect(canRoleAccess("support", "bank-statement-lines", "list")).toBe(false);
  });

  it("shows each line's day, amount and state, why a waiting one waits and the order it names, or where it went", async () => {
    renderLines();
    const [waiting, matched] = await screen.findAllByTestId("statement-line");
    expect(waiting).toHaveTextContent("25-11-2026");
    expect(waiting).toHaveTextContent("100 000,00 kz");
    expect(within(waiting!).getByTestId("line-state")).toHaveTextContent("Por tratar");
    expect(within(waiting!).getByTestId("line-problem")).toHaveTextContent(/não é o que falta pagar/);
    expect(waiting).toHaveTextContent("O descritivo refere o pedido #ABC123 (LJ7K2M9QX)");
    expect(waiting).toHaveTextContent("extrato.csv, linha 2");
    expect(within(matched!).getByTestId("line-state")).toHaveTextContent("Conciliada");
    expect(within(matched!).getByTestId("line-order")).toHaveTextContent("Registada automaticamente no pedido #DEF456");
    expect(within(matched!).queryByRole("button")).toBeNull();
  });

  it("assigns a waiting line to the order typed (prefilled with the one it names), showing the ledger's refusal", async () => {
    const sent: unknown[] = [];
    let refuse = true;
    const dataProvider = {
      ...testDataProvider(),
      assignStatementLine: async (id: string, body: unknown) => {
        sent.push([id, body]);
        if (refuse) throw new HttpError("O valor excede o que falta pagar (90 000,00 kz).", 409);
        return { ...rows[0]!, state: "assigned", order: rows[0]!.suggestedOrder };
      },
    };
    renderLines(dataProvider as never);
    const [waiting] = await screen.findAllByTestId("statement-line");
    await userEvent.click(within(waiting!).getByRole("button", { name: "Atribuir a um pedido" }));
    const dialog = await screen.findByTestId("assign-dialog");
    expect(within(dialog).getByTestId("assign-order")).toHaveValue("#ABC123");
    await userEvent.click(within(dialog).getByRole("button", { name: "Registar pagamento" }));
    expect(await within(dialog).findByText(/excede o que falta pagar/)).toBeInTheDocument();
    refuse = false;
    await userEvent.click(within(dialog).getByLabelText(/Pagamento a mais/));
    await userEvent.click(within(dialog).getByRole("button", { name: "Registar pagamento" }));
    expect(sent).toEqual([
      ["l1", { orderId: "#ABC123" }],
      ["l1", { orderId: "#ABC123", overpayment: true }],
    ]);
    expect(assignRequestBody({ order: " LJ7K2M9QX ", overpayment: false, duplicateReason: " " })).toEqual({ orderId: "LJ7K2M9QX" });
  });

  it("offers the orders the line may be, shows what the chosen one will hold, and links to a payment already recorded", async () => {
    const sent: unknown[] = [];
    const candidate = (over: Partial<AdminStatementCandidate>): AdminStatementCandidate => ({
      order: { id: "order00000abc123", shortId: "ABC123", paymentReference: "LJ7K2M9QX", status: "Aguardando Pagamento" },
      customerName: "Ana Silva",
      totalAmount: 190_000,
      amountPaid: 0,
      reasons: ["reference", "name"],
      payments: [],
      ...over,
    });
    const dataProvider = {
      ...testDataProvider(),
      statementLineCandidates: async () => [
        candidate({}),
        candidate({
          order: { id: "order00000ghi789", shortId: "GHI789", paymentReference: "LJ2M9QXK7", status: "Aguardando Pagamento" },
          customerName: "Rui Neto",
          totalAmount: 130_000,
          amountPaid: 30_000,
          reasons: ["amount"],
        }),
        candidate({
          order: { id: "order00000jkl012", shortId: "JKL012", paymentReference: null, status: "Pagamento Confirmado" },
          customerName: "Beatriz Kiala",
          totalAmount: 100_000,
          amountPaid: 100_000,
          reasons: ["payment"],
          payments: [
            {
              id: "pay9",
              amount: 100_000,
              bankReference: "BAI-MAO-9",
              actor: "Admin Teste",
              receivedAt: "2026-11-24T10:00:00.000Z",
              confirmed: true,
            },
          ],
        }),
      ],
      assignStatementLine: async (id: string, body: unknown) => {
        sent.push(["assign", id, body]);
        return { ...rows[0]!, state: "assigned" };
      },
      linkStatementLine: async (id: string, paymentId: string) => {
        sent.push(["link", id, paymentId]);
        return { ...rows[0]!, state: "linked" };
      },
    };
    renderLines(dataProvider as never);
    const [waiting] = await screen.findAllByTestId("statement-line");
    await userEvent.click(within(waiting!).getByRole("button", { name: "Atribuir a um pedido" }));
    const dialog = await screen.findByTestId("assign-dialog");
    const offered = await within(dialog).findByTestId("candidates");
    expect(within(offered).getAllByRole("radio")).toHaveLength(3);
    expect(offered).toHaveTextContent("#ABC123 · Ana Silva · pago 0,00 kz de 190 000,00 kz");
    expect(offered).toHaveTextContent("o descritivo refere a sua referência de pagamento · o nome do cliente está no descritivo");
    // The one the line names is chosen already, with what it will hold: 100 000 of 190 000.
    expect(within(offered).getByRole("radio", { name: /#ABC123/ })).toBeChecked();
    expect(within(dialog).getByTestId("assign-preview")).toHaveTextContent(/pago 100 000,00 kz de 190 000,00 kz.*Falta pagar 90 000,00 kz/);
    // Another: it owes exactly the line's amount, and is confirmed by it.
    await userEvent.click(within(offered).getByRole("radio", { name: /#GHI789/ }));
    expect(within(dialog).getByTestId("assign-order")).toHaveValue("#GHI789");
    expect(within(dialog).getByTestId("assign-preview")).toHaveTextContent("O pedido passa a Pagamento Confirmado.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Registar pagamento" }));
    await waitFor(() => expect(sent).toEqual([["assign", "l1", { orderId: "#GHI789" }]]));
  });

  it("links a line to the payment already recorded by hand, from the suggestions", async () => {
    const sent: unknown[] = [];
    const dataProvider = {
      ...testDataProvider(),
      statementLineCandidates: async () => [
        {
          order: { id: "order00000jkl012", shortId: "JKL012", paymentReference: null, status: "Pagamento Confirmado" },
          customerName: "Beatriz Kiala",
          totalAmount: 100_000,
          amountPaid: 100_000,
          reasons: ["payment"],
          payments: [
            {
              id: "pay9",
              amount: 100_000,
              bankReference: "BAI-MAO-9",
              actor: "Admin Teste",
              receivedAt: "2026-11-24T10:00:00.000Z",
              confirmed: true,
            },
          ],
        },
      ],
      linkStatementLine: async (id: string, paymentId: string) => {
        sent.push([id, paymentId]);
        return { ...rows[0]!, state: "linked" };
      },
    };
    renderLines(dataProvider as never);
    const [waiting] = await screen.findAllByTestId("statement-line");
    await userEvent.click(within(waiting!).getByRole("button", { name: "Atribuir a um pedido" }));
    const dialog = await screen.findByTestId("assign-dialog");
    await userEvent.click(await within(dialog).findByRole("radio", { name: /#JKL012/ }));
    // Already paid: recording it again would be 100 000 too much; it is the payment recorded by hand.
    expect(within(dialog).getByTestId("assign-preview")).toHaveTextContent("Fica 100 000,00 kz a mais");
    await userEvent.click(
      within(dialog).getByRole("button", {
        name: /^É o pagamento já registado: 100.000,00 kz \(ref\. BAI-MAO-9\), registado por Admin Teste$/,
      }),
    );
    await waitFor(() => expect(sent).toEqual([["l1", "pay9"]]));
  });

  it("sets a line aside only with a reason", async () => {
    const dismissed: unknown[] = [];
    const dataProvider = {
      ...testDataProvider(),
      dismissStatementLine: async (id: string, reason: string) => {
        dismissed.push([id, reason]);
        return { ...rows[0]!, state: "dismissed", dismissReason: reason };
      },
    };
    renderLines(dataProvider as never);
    const [waiting] = await screen.findAllByTestId("statement-line");
    await userEvent.click(within(waiting!).getByRole("button", { name: "Pôr de parte" }));
    const dialog = await screen.findByTestId("dismiss-dialog");
    const reason = within(dialog).getByTestId("dismiss-reason");
    await userEvent.click(reason);
    await userEvent.paste("ok");
    await userEvent.click(within(dialog).getByRole("button", { name: "Pôr de parte" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent(/pelo menos 5 caracteres/);
    await userEvent.clear(reason);
    await userEvent.paste("ok — transferência do sócio");
    await userEvent.click(within(dialog).getByRole("button", { name: "Pôr de parte" }));
    expect(dismissed).toEqual([["l1", "ok — transferência do sócio"]]);
  });
});

// Issue 39: a line that may be a payment already recorded waits "Por rever", naming that payment; the admin says
// it is the same payment (the line confirms it, no new money) or another one (recorded as new money).
describe("lines in review and lines linked to a payment", () => {
  const pending = {
    id: "pay1",
    amount: 100_000,
    bankReference: "BFA-ENVIO-77",
    actor: "Suporte Teste",
    receivedAt: "2026-11-24T09:00:00.000Z",
    confirmed: false,
  };
  const review = line({
    id: "l3",
    state: "review",
    problem:
      "A encomenda #ABC123 tem 100 000,00 kz (ref. BFA-ENVIO-77, registado por Suporte Teste) sem linha do extrato: pode ser o mesmo pagamento",
    suggestedPayment: pending,
  });
  const linked = line({
    id: "l4",
    state: "linked",
    problem: null,
    suggestedOrder: null,
    order: { id: "order00000abc123", shortId: "ABC123", paymentReference: "LJ7K2M9QX", status: "Aguardando Pagamento" },
    paymentId: "pay9",
    payment: { ...pending, id: "pay9", bankReference: "BAI-99", confirmed: true },
  });
  const staffOrderWith = (payments: object[]) => ({
    id: "order00000abc123",
    shortId: "ABC123",
    payments,
  });

  function renderThese(these: AdminStatementLine[], dataProvider: object) {
    const context = {
      data: these,
      total: these.length,
      isPending: false,
      isLoading: false,
      isFetching: false,
      filterValues: {},
      displayedFilters: {},
      setFilters: () => undefined,
      sort: { field: "bookedOn", order: "DESC" },
      page: 1,
      perPage: 25,
      selectedIds: [],
      resource: "bank-statement-lines",
      refetch: () => undefined,
    } as unknown as ListControllerResult;
    return inAdmin(
      <ListContextProvider value={context}>
        <StatementLines />
      </ListContextProvider>,
      dataProvider as never,
    );
  }

  it("shows a line in review with the payment it may be, and a linked line with the payment it confirms; no action on a linked one", async () => {
    renderThese([review, linked], testDataProvider());
    const [inReview, isLinked] = await screen.findAllByTestId("statement-line");
    expect(within(inReview!).getByTestId("line-state")).toHaveTextContent("Por rever");
    expect(within(inReview!).getByTestId("line-problem")).toHaveTextContent(/pode ser o mesmo pagamento/);
    expect(within(inReview!).getByTestId("line-suggested-payment")).toHaveTextContent(
      /Pode ser o pagamento de 100 000,00 kz \(ref\. BFA-ENVIO-77\), registado por Suporte Teste em .* · por confirmar/,
    );
    for (const name of ["É o mesmo pagamento", "É outro pagamento", "Pôr de parte"])
      expect(within(inReview!).getByRole("button", { name })).toBeInTheDocument();
    expect(within(isLinked!).getByTestId("line-state")).toHaveTextContent("Ligada a um pagamento");
    expect(within(isLinked!).getByTestId("line-order")).toHaveTextContent(
      "Confirma o pagamento de 100 000,00 kz (ref. BAI-99) do pedido #ABC123",
    );
    expect(within(isLinked!).queryByRole("button")).toBeNull();
  });

  it("links a line in review to the payment it names: the order's payments without a line are offered, only the line's amount can be chosen", async () => {
    const linkedCalls: unknown[] = [];
    const searched: unknown[] = [];
    const dataProvider = {
      ...testDataProvider(),
      getList: async (resource: string, params: { filter: unknown }) => {
        searched.push([resource, params.filter]);
        return {
          data: [
            staffOrderWith([
              { ...pending, confirmation: "pending", statementLine: null },
              { ...pending, id: "pay2", amount: 50_000, bankReference: "OUTRO", confirmation: "recorded", statementLine: null },
              {
                ...pending,
                id: "pay3",
                bankReference: "JA-LIGADO",
                confirmation: "statement",
                statementLine: { id: "x", bookedOn: "2026-11-20" },
              },
              { ...pending, id: "pay4", bankReference: "Multicaixa 1", confirmation: "service", statementLine: null },
            ]),
          ],
          total: 1,
        };
      },
      linkStatementLine: async (id: string, paymentId: string) => {
        linkedCalls.push([id, paymentId]);
        return { ...review, state: "linked" };
      },
    };
    renderThese([review], dataProvider);
    await userEvent.click(await screen.findByRole("button", { name: "É o mesmo pagamento" }));
    const dialog = await screen.findByTestId("link-dialog");
    const same = await within(dialog).findByRole("radio", { name: /BFA-ENVIO-77/ });
    expect(same).toBeChecked();
    expect(within(dialog).getByRole("radio", { name: /OUTRO.*outro valor/ })).toBeDisabled();
    // Payments a line already confirmed, and a payment service's, are not offered.
    expect(within(dialog).queryByText(/JA-LIGADO/)).toBeNull();
    expect(within(dialog).queryByText(/Multicaixa 1/)).toBeNull();
    expect(searched).toEqual([["orders", { q: "#ABC123" }]]);
    await userEvent.click(within(dialog).getByRole("button", { name: "Ligar" }));
    expect(linkedCalls).toEqual([["l3", "pay1"]]);
  });

  it("records a line in review as another payment, saying so to the server", async () => {
    const sent: unknown[] = [];
    const dataProvider = {
      ...testDataProvider(),
      assignStatementLine: async (id: string, body: unknown) => {
        sent.push([id, body]);
        return { ...review, state: "assigned", order: review.suggestedOrder };
      },
    };
    renderThese([review], dataProvider);
    await userEvent.click(await screen.findByRole("button", { name: "É outro pagamento" }));
    const dialog = await screen.findByTestId("assign-dialog");
    expect(within(dialog).getByLabelText(/É outro pagamento: registar como pagamento novo/)).toBeChecked();
    await userEvent.click(within(dialog).getByRole("button", { name: "Registar pagamento" }));
    expect(sent).toEqual([["l3", { orderId: "#ABC123", newPayment: true }]]);
  });

  it("asks whether it is another payment when the server says the order holds payments without a line", async () => {
    const sent: unknown[] = [];
    const dataProvider = {
      ...testDataProvider(),
      assignStatementLine: async (id: string, body: { newPayment?: boolean }) => {
        sent.push([id, body]);
        if (!body.newPayment) throw new HttpError("A encomenda #ABC123 tem pagamentos sem linha do extrato (…)", 409);
        return { ...rows[0]!, state: "assigned", order: rows[0]!.suggestedOrder };
      },
    };
    renderLines(dataProvider as never);
    const [waiting] = await screen.findAllByTestId("statement-line");
    expect(within(waiting!).getByRole("button", { name: "Ligar a um pagamento" })).toBeInTheDocument();
    await userEvent.click(within(waiting!).getByRole("button", { name: "Atribuir a um pedido" }));
    const dialog = await screen.findByTestId("assign-dialog");
    expect(within(dialog).queryByLabelText(/É outro pagamento/)).toBeNull();
    await userEvent.click(within(dialog).getByRole("button", { name: "Registar pagamento" }));
    await userEvent.click(await within(dialog).findByLabelText(/É outro pagamento/));
    await userEvent.click(within(dialog).getByRole("button", { name: "Registar pagamento" }));
    expect(sent).toEqual([
      ["l1", { orderId: "#ABC123" }],
      ["l1", { orderId: "#ABC123", newPayment: true }],
    ]);
  });

  it("downloads the payments without a statement line after the days chosen", async () => {
    const asked: number[] = [];
    const dataProvider = {
      ...testDataProvider(),
      downloadUnlinkedPayments: async (days: number) => {
        asked.push(days);
        return new Blob(["x"]);
      },
    };
    const saved: Blob[] = [];
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: (blob: Blob) => (saved.push(blob), "blob:csv"), revokeObjectURL: () => undefined }),
    );
    inAdmin(<UnlinkedReport />, dataProvider as never);
    const days = screen.getByTestId("unlinked-days");
    expect(days).toHaveValue(3);
    await userEvent.clear(days);
    expect(screen.getByTestId("unlinked-download")).toBeDisabled();
    await userEvent.type(days, "7");
    await userEvent.click(screen.getByTestId("unlinked-download"));
    expect(asked).toEqual([7]);
    await waitFor(() => expect(saved).toHaveLength(1));
    vi.unstubAllGlobals();
  });
});

describe("importing a statement", () => {
  it("reads the admin's column choice: date, description and credit needed, each column once", () => {
    expect(mappingOf({ date: "0", description: "", amount: "2", reference: "" }, 0)).toBe("missing");
    expect(mappingOf({ date: "0", description: "0", amount: "2", reference: "" }, 0)).toBe("repeated");
    expect(mappingOf({ date: "0", description: "1", amount: "2", reference: "3" }, 4)).toEqual({
      headerRow: 4,
      date: 0,
      description: 1,
      amount: 2,
      reference: 3,
    });
  });

  it("asks which column is which when the server does not recognise them, then sends the file again with the mapping", async () => {
    const calls: [string, StatementMapping | undefined][] = [];
    const reply: StatementImportReply = {
      success: true,
      statementId: "s1",
      imported: 1,
      matched: 1,
      unmatched: 0,
      duplicates: 0,
      ignored: 0,
      columns: {
        headerRow: 0,
        date: { column: 0, name: "Dia" },
        description: { column: 1, name: "Texto" },
        amount: { column: 2, name: "Entrada" },
        reference: null,
        mapping: { id: "a".repeat(64), savedBy: "Admin Teste", savedAt: "2026-12-01T09:30:00.000Z", savedNow: true },
      },
    };
    const dataProvider = {
      ...testDataProvider(),
      importStatement: async (file: File, mapping?: StatementMapping) => {
        calls.push([file.name, mapping]);
        if (!mapping)
          throw new HttpError("Não reconhecemos as colunas deste extrato", 422, {
            success: false,
            message: "Não reconhecemos as colunas deste extrato",
            needsMapping: true,
            headerRow: 0,
            columns: ["Dia", "Texto", "Entrada"],
            sample: [["16-11-2026", "TRF LJ7K2M9QN", "12.000,00"]],
          });
        return reply;
      },
    };
    inAdmin(<StatementUpload />, dataProvider as never);
    await userEvent.upload(screen.getByTestId("statement-file"), new File(["Dia;Texto;Entrada"], "banco.csv", { type: "text/csv" }));
    const dialog = await screen.findByTestId("mapping-dialog");
    expect(dialog).toHaveTextContent("TRF LJ7K2M9QN");
    const pick = async (label: RegExp, option: string) => {
      await userEvent.click(within(dialog).getByRole("combobox", { name: label }));
      await userEvent.click(await screen.findByRole("option", { name: option }));
    };
    await pick(/Data do movimento/, "Dia");
    await pick(/Descritivo/, "Texto");
    await pick(/Crédito/, "Entrada");
    await userEvent.click(within(dialog).getByRole("button", { name: "Importar com estas colunas" }));
    const result = await screen.findByTestId("statement-result");
    expect(result).toHaveTextContent("linhas novas: 1 (registadas nos pedidos: 1, por tratar: 0)");
    // How it was read: the columns by name, and the mapping just saved, by whom.
    expect(within(result).getByTestId("statement-columns")).toHaveTextContent(
      "Colunas lidas (cabeçalho na linha 1): data «Dia» · descritivo «Texto» · crédito «Entrada» · referência «Nenhuma»",
    );
    expect(within(result).getByTestId("statement-mapping-used")).toHaveTextContent(
      "Correspondência de colunas guardada agora por Admin Teste",
    );
    expect(calls).toEqual([
      ["banco.csv", undefined],
      ["banco.csv", { headerRow: 0, date: 0, description: 1, amount: 2, reference: null }],
    ]);
  });
});

describe("how each import read the file", () => {
  const reply = (mapping: StatementImportReply["columns"]["mapping"]): StatementImportReply => ({
    success: true,
    statementId: "s2",
    imported: 0,
    matched: 0,
    unmatched: 0,
    duplicates: 0,
    ignored: 1,
    columns: {
      headerRow: 3,
      date: { column: 0, name: "Data Movimento" },
      description: { column: 1, name: "Descritivo" },
      amount: { column: 3, name: "Crédito" },
      reference: { column: 4, name: "Nº Documento" },
      mapping,
    },
  });
  const importWith = async (answer: StatementImportReply) => {
    inAdmin(<StatementUpload />, { ...testDataProvider(), importStatement: async () => answer } as never);
    await userEvent.upload(screen.getByTestId("statement-file"), new File(["x"], "extrato.csv", { type: "text/csv" }));
    return screen.findByTestId("statement-result");
  };

  it("says when the columns were recognised by their names", async () => {
    const result = await importWith(reply(null));
    expect(within(result).getByTestId("statement-columns")).toHaveTextContent(
      "cabeçalho na linha 4): data «Data Movimento» · descritivo «Descritivo» · crédito «Crédito» · referência «Nº Documento»",
    );
    expect(within(result).getByTestId("statement-mapping-used")).toHaveTextContent("Reconhecidas pelos nomes das colunas.");
  });

  it("names the mapping a statement was read with: who saved it and when", async () => {
    const result = await importWith(
      reply({ id: "b".repeat(64), savedBy: "Rosa Admin", savedAt: "2026-11-20T08:15:00.000Z", savedNow: false }),
    );
    expect(within(result).getByTestId("statement-mapping-used")).toHaveTextContent(
      /^Lidas com a correspondência de colunas guardada por Rosa Admin em 20\/11\/2026 \d\d:15\.$/,
    );
  });

  it("links to the mappings kept", () => {
    inAdmin(<StatementUpload />);
    expect(screen.getByTestId("statement-mappings-link")).toHaveTextContent("Correspondências de colunas");
  });
});

describe("the column mappings", () => {
  const mapping = (over: Partial<AdminStatementMapping>): AdminStatementMapping => ({
    id: "c".repeat(64),
    headers: ["Dia", "Texto", "Entrada", "Nº"],
    date: { column: 0, name: "Dia" },
    description: { column: 1, name: "Texto" },
    amount: { column: 2, name: "Entrada" },
    reference: { column: 3, name: "Nº" },
    savedBy: "Admin Teste",
    savedAt: "2026-11-20T08:15:00.000Z",
    ignored: false,
    ...over,
  });
  const mappings = [
    mapping({}),
    mapping({
      id: "d".repeat(64),
      headers: ["Data Movimento", "Descritivo", "Débito", "Crédito", "Saldo"],
      date: { column: 0, name: "Data Movimento" },
      description: { column: 1, name: "Descritivo" },
      amount: { column: 4, name: "Saldo" },
      reference: null,
      savedBy: "",
      ignored: true,
    }),
  ];
  const renderMappings = (dataProvider = testDataProvider()) =>
    render(
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <ResourceContextProvider value="bank-statement-mappings">
          <ListContextProvider value={listContext(mappings, "bank-statement-mappings")}>
            <StatementMappings />
          </ListContextProvider>
        </ResourceContextProvider>
      </AdminContext>,
    );

  it("are for admins only", () => {
    expect(canRoleAccess("admin", "bank-statement-mappings", "list")).toBe(true);
    expect(canRoleAccess("support", "bank-statement-mappings", "list")).toBe(false);
    expect(canRoleAccess("support", "bank-statement-mappings", "delete")).toBe(false);
  });

  it("shows each mapping's header, columns, who saved it and when, and the ones that are ignored", async () => {
    renderMappings();
    const [odd, ignored] = await screen.findAllByTestId("statement-mapping");
    expect(odd).toHaveTextContent("Cabeçalho: Dia · Texto · Entrada · Nº");
    expect(odd).toHaveTextContent("Data «Dia» · descritivo «Texto» · crédito «Entrada» · referência «Nº»");
    expect(odd).toHaveTextContent(/Guardada por Admin Teste em 20\/11\/(20)?26/);
    expect(within(odd!).queryByTestId("mapping-ignored")).toBeNull();
    expect(ignored).toHaveTextContent("crédito «Saldo» · referência «Nenhuma»");
    expect(ignored).toHaveTextContent("Guardada por um administrador");
    expect(within(ignored!).getByTestId("mapping-ignored")).toHaveTextContent("Ignorada: a loja reconhece este cabeçalho pelos nomes");
  });

  it("deletes one only with the admin's password, showing the server's refusal", async () => {
    const sent: [string, string][] = [];
    const dataProvider = {
      ...testDataProvider(),
      deleteStatementMapping: async (id: string, password: string) => {
        sent.push([id, password]);
        if (password !== "senha-certa-1")
          throw new HttpError("Confirme a sua palavra-passe para apagar uma correspondência de colunas", 403);
        return mappings[1]!;
      },
    };
    renderMappings(dataProvider as never);
    const [, ignored] = await screen.findAllByTestId("statement-mapping");
    await userEvent.click(within(ignored!).getByRole("button", { name: "Apagar" }));
    const dialog = await screen.findByTestId("delete-mapping-dialog");
    expect(dialog).toHaveTextContent("O próximo extrato com este cabeçalho volta a perguntar que coluna é qual.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Apagar" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Confirme a sua palavra-passe");
    expect(sent).toEqual([]);
    const password = within(dialog).getByTestId("mapping-password");
    await userEvent.click(password);
    await userEvent.paste("errada");
    await userEvent.click(within(dialog).getByRole("button", { name: "Apagar" }));
    expect(await within(dialog).findByText("Confirme a sua palavra-passe para apagar uma correspondência de colunas")).toBeInTheDocument();
    await userEvent.clear(password);
    await userEvent.paste("senha-certa-1");
    await userEvent.click(within(dialog).getByRole("button", { name: "Apagar" }));
    expect(sent).toEqual([
      ["d".repeat(64), "errada"],
      ["d".repeat(64), "senha-certa-1"],
    ]);
    await waitFor(() => expect(screen.queryByTestId("delete-mapping-dialog")).toBeNull());
  });
});
