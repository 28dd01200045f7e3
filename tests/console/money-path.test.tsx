// The staff side of the money path: what the payment and exception dialogs send, how typed amounts
// are read, what the settings send with a bank change, and the Pagamentos queue with its filter.
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AdminContext, I18nContextProvider, ListContextProvider, ResourceContextProvider, type ListControllerResult } from "react-admin";
import polyglotI18nProvider from "ra-i18n-polyglot";
import type { ReactNode } from "react";
import { ptMessages } from "../../console/i18n/pt.ts";
import { parseKwanza } from "../../shared/kwanza-input.ts";
import { timeLeft } from "../../console/lib/deadline.ts";
import { orderRequestBody, paymentFormErrors, paymentRequestBody } from "../../console/orders/transform.ts";
import { PaymentDialog, RefuseProofDialog } from "../../console/orders/payment-dialogs.tsx";
import { ExceptionMoveDialog } from "../../console/orders/exception-move-dialog.tsx";
import {
  ibanFormatError,
  paymentDeadlineError,
  settingsFromForm,
  settingsRequestBody,
  settingsToForm,
} from "../../console/settings/transform.ts";
import { isSettingsChangedFrame, settingsChangedMessage } from "../../console/settings/settings-changed.ts";
import { senderLabel } from "../../console/conversations/sender.ts";
import { PaymentQueueGrid } from "../../console/payments/payment-list.tsx";
import type { ProofAcceptBody } from "../../console/orders/transform.ts";
import type { AdminOrder } from "../../server/schemas/admin-orders.ts";
import { staffOrder, staffPayment, staffProof } from "./order-fixtures.ts";
import { MIN_EXCEPTION_REASON } from "../../shared/payments.ts";

const i18nProvider = polyglotI18nProvider(() => ptMessages, "pt");
const inPortuguese = (ui: ReactNode) => render(<I18nContextProvider value={i18nProvider}>{ui}</I18nContextProvider>);
/** Types a whole value at once (as pasting it): MUI re-renders on each key, and typing long texts is slow on a busy machine. */
const fill = async (field: HTMLElement, text: string) => {
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(text);
};

describe("amounts typed by staff", () => {
  it("reads kwanza as written in Angola, with spaces, a decimal comma or dots grouping thousands", () => {
    expect(parseKwanza("29 990")).toBe(29990);
    expect(parseKwanza("29\u00a0990,00 kz")).toBe(29990);
    expect(parseKwanza("12500,50")).toBe(12500.5);
    expect(parseKwanza("12.500,50")).toBe(12500.5);
    expect(parseKwanza("12.500")).toBe(12500);
    expect(parseKwanza("12500.5")).toBe(12500.5);
    expect(parseKwanza("0,01")).toBe(0.01);
  });

  it("refuses zero, negatives, letters and more than two decimals", () => {
    for (const text of ["", "0", "0,00", "-5", "abc", "12,345", "1 2x"]) expect(parseKwanza(text), text).toBeNull();
  });
});

describe("the payment dialog", () => {
  it("posts the amount in kwanza, the bank reference, the date as ISO and the note", async () => {
    const sent: ProofAcceptBody[] = [];
    const closed = vi.fn();
    inPortuguese(
      <PaymentDialog
        open
        title="Registar"
        submitLabel="Registar pagamento"
        initialAmount={29990}
        onClose={closed}
        onSubmit={async (b) => {
          sent.push(b);
        }}
      />,
    );
    const amount = screen.getByLabelText(/Montante/);
    expect(amount).toHaveValue("29990");
    await fill(amount, "12500,50");
    await fill(screen.getByLabelText(/Referência bancária/), " BAI-2026-118 ");
    const receivedAt = screen.getByLabelText("Recebido em");
    await fill(receivedAt, "2026-01-05T10:30");
    await fill(screen.getByLabelText("Nota"), "Transferência do irmão");
    await userEvent.click(screen.getByRole("button", { name: "Registar pagamento" }));
    expect(sent).toEqual([
      {
        amount: 12500.5,
        bankReference: "BAI-2026-118",
        receivedAt: new Date("2026-01-05T10:30").toISOString(),
        note: "Transferência do irmão",
      },
    ]);
    expect(closed).toHaveBeenCalled();
  });

  it("leaves the date and an empty note out (the server takes now), and sends nothing without an amount or reference", async () => {
    const sent: ProofAcceptBody[] = [];
    inPortuguese(
      <PaymentDialog
        open
        title="Registar"
        submitLabel="Registar pagamento"
        onClose={() => undefined}
        onSubmit={async (b) => {
          sent.push(b);
        }}
      />,
    );
    await userEvent.click(screen.getByRole("button", { name: "Registar pagamento" }));
    expect(sent).toEqual([]);
    expect(screen.getByText(/Indique um montante maior que zero/)).toBeInTheDocument();
    expect(screen.getByText("Obrigatório")).toBeInTheDocument();
    await fill(screen.getByLabelText(/Montante/), "29 990");
    await fill(screen.getByLabelText(/Referência bancária/), "REF1");
    await userEvent.click(screen.getByRole("button", { name: "Registar pagamento" }));
    expect(sent).toEqual([{ amount: 29990, bankReference: "REF1" }]);
  });

  it("refuses a date in the future and an over-long reference before asking the server", () => {
    const now = new Date("2026-01-05T12:00:00");
    expect(
      paymentFormErrors(
        { amount: "100", bankReference: "R", receivedAt: "2026-01-05T12:30", note: "", overpayment: false, duplicateReason: "" },
        now,
      ),
    ).toEqual({
      receivedAt: "loja.payments.date_future",
    });
    expect(
      paymentFormErrors(
        {
          amount: "100",
          bankReference: "R".repeat(101),
          receivedAt: "2026-01-05T11:30",
          note: "",
          overpayment: false,
          duplicateReason: "",
        },
        now,
      ),
    ).toEqual({
      bankReference: "loja.payments.reference_too_long",
    });
    expect(
      paymentRequestBody({ amount: "100", bankReference: " R ", receivedAt: "", note: "  ", overpayment: false, duplicateReason: "" }),
    ).toEqual({
      amount: 100,
      bankReference: "R",
    });
  });

  it("shows the server's refusal inside the dialog and stays open", async () => {
    const closed = vi.fn();
    inPortuguese(
      <PaymentDialog
        open
        title="Registar"
        submitLabel="Registar pagamento"
        initialAmount={100}
        onClose={closed}
        onSubmit={() => Promise.reject(new Error("Este pedido foi cancelado"))}
      />,
    );
    await fill(screen.getByLabelText(/Referência bancária/), "REF1");
    await userEvent.click(screen.getByRole("button", { name: "Registar pagamento" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Este pedido foi cancelado");
    expect(closed).not.toHaveBeenCalled();
  });

  it("refuses a proof only with a reason for the shopper", async () => {
    const reasons: string[] = [];
    inPortuguese(
      <RefuseProofDialog
        open
        onClose={() => undefined}
        onSubmit={async (r) => {
          reasons.push(r);
        }}
      />,
    );
    await fill(screen.getByLabelText(/Motivo da recusa/), "ok");
    await userEvent.click(screen.getByRole("button", { name: "Recusar" }));
    expect(reasons).toEqual([]);
    expect(screen.getByText(/pelo menos 3 caracteres/)).toBeInTheDocument();
    await fill(screen.getByLabelText(/Motivo da recusa/), "ok — o valor não confere");
    await userEvent.click(screen.getByRole("button", { name: "Recusar" }));
    expect(reasons).toEqual(["ok — o valor não confere"]);
  });
});

describe("an exceptional status move", () => {
  it("requires a written reason and sends it with the status", async () => {
    const moves: unknown[] = [];
    inPortuguese(
      <ExceptionMoveDialog
        open
        moves={["Aguardando Pagamento"]}
        onClose={() => undefined}
        onSubmit={async (m) => {
          moves.push(m);
        }}
      />,
    );
    const reason = screen.getByLabelText(/Motivo/);
    await fill(reason, "x".repeat(MIN_EXCEPTION_REASON - 1));
    await userEvent.click(screen.getByRole("button", { name: "Mudar estado" }));
    expect(moves).toEqual([]);
    expect(screen.getByText(new RegExp(`pelo menos ${MIN_EXCEPTION_REASON} caracteres`))).toBeInTheDocument();
    await fill(reason, "Pagamento devolvido pelo banco");
    await userEvent.click(screen.getByRole("button", { name: "Mudar estado" }));
    expect(moves).toEqual([{ status: "Aguardando Pagamento", reason: "Pagamento devolvido pelo banco" }]);
  });

  it("asks which status when several are possible", async () => {
    const moves: unknown[] = [];
    inPortuguese(
      <ExceptionMoveDialog
        open
        moves={["Aguardando Pagamento", "Cancelado"]}
        onClose={() => undefined}
        onSubmit={async (m) => {
          moves.push(m);
        }}
      />,
    );
    await fill(screen.getByLabelText(/Motivo/), "Cliente desistiu da compra");
    await userEvent.click(screen.getByRole("button", { name: "Mudar estado" }));
    expect(moves).toEqual([]);
    await userEvent.click(screen.getByRole("combobox", { name: /Novo estado/ }));
    await userEvent.click(screen.getByRole("option", { name: "Cancelado" }));
    await userEvent.click(screen.getByRole("button", { name: "Mudar estado" }));
    expect(moves).toEqual([{ status: "Cancelado", reason: "Cliente desistiu da compra" }]);
  });

  it("sends the reason to the server alongside the status", () => {
    expect(orderRequestBody({ id: "o1", status: "Cancelado", reason: "Cliente desistiu", totalAmount: 5000 }, false)).toEqual({
      status: "Cancelado",
      reason: "Cliente desistiu",
    });
  });
});

describe("the settings' bank details", () => {
  const record = {
    id: 1,
    phones: ["1", "2", "3"],
    emails: ["a@loja.ao", "b@loja.ao"],
    addresses: ["Luanda"],
    bankName: "BAI",
    accountHolder: "Loja",
    accountNumber: "123",
    iban: "AO06 0040 0000 1234 5678 9012 3",
    paymentDeadlineHours: 48,
    isDemo: false,
    changes: [],
  };
  const save = (edits: Record<string, unknown>) => {
    const form = { ...settingsToForm(record), ...edits };
    return settingsRequestBody(settingsFromForm(form, { previousData: settingsToForm(record) }), false);
  };

  it("sends the current password with a change of bank details", () => {
    const body = save({ iban: "AO06 0040 0000 9999 5678 9012 3", currentPassword: "senha-admin-1" });
    expect(body).toMatchObject({ iban: "AO06 0040 0000 9999 5678 9012 3", currentPassword: "senha-admin-1", paymentDeadlineHours: 48 });
  });

  it("never sends the password when no bank field changed", () => {
    const body = save({ paymentDeadlineHours: 24.5, currentPassword: "senha-admin-1" });
    expect(body).not.toHaveProperty("currentPassword");
    expect(body).toMatchObject({ paymentDeadlineHours: 24.5, bankName: "BAI" });
    expect(body).not.toHaveProperty("changes");
  });

  it("checks an IBAN's Angolan shape (AO and 23 digits, spaces allowed) before the server's mod-97", () => {
    expect(ibanFormatError("AO06 0040 0000 1234 5678 9012 3")).toBeUndefined();
    expect(ibanFormatError("ao06004000001234567890123")).toBeUndefined();
    expect(ibanFormatError("AO06 1234")).toBe("loja.settings.iban_format");
    expect(ibanFormatError("PT50 0002 0123 1234 5678 9015 4")).toBe("loja.settings.iban_format");
  });

  it("takes a payment deadline in hours above 0 and up to 720, decimals allowed", () => {
    for (const ok of [0.01, 24.5, 48, 720, undefined, null, ""]) expect(paymentDeadlineError(ok), String(ok)).toBeUndefined();
    for (const bad of [0, -1, 721, "abc"]) expect(paymentDeadlineError(bad), String(bad)).toBe("loja.settings.deadline_range");
  });

  it("recognises the settingsChanged frame and names the admin who changed the bank details", () => {
    const frame = { type: "settingsChanged", by: "Ana", byId: "s1", fields: ["iban"] };
    expect(isSettingsChangedFrame(frame)).toBe(true);
    expect(isSettingsChangedFrame({ type: "newMessage" })).toBe(false);
    expect(settingsChangedMessage({ type: "settingsChanged", by: "Ana", byId: "s1", fields: ["iban"] })).toBe(
      "loja.settings.bank_changed_by",
    );
    expect(ptMessages.loja).toBeDefined();
    expect(i18nProvider.translate("loja.settings.bank_changed_by", { name: "Ana" })).toBe("Os dados bancários foram alterados por Ana");
  });
});

describe("shop messages", () => {
  it("are signed Loja, apart from the shopper and the agents", () => {
    expect(i18nProvider.translate(senderLabel("shop"))).toBe("Loja");
    expect(i18nProvider.translate(senderLabel("client"))).toBe("Cliente");
    expect(i18nProvider.translate(senderLabel("support"))).toBe("Suporte");
  });
});

describe("the Pagamentos queue", () => {
  const hour = 3_600_000;
  const row = (id: string, over: Partial<AdminOrder>): AdminOrder =>
    staffOrder({
      id,
      shortId: id.slice(-6).toUpperCase(),
      customer: { id: "c1", name: "Carla Teste", email: null },
      status: "Aguardando Pagamento",
      paid: false,
      amountPaid: 0,
      paymentState: "unpaid",
      paymentReference: "LJ4KX7PQM",
      paymentDeadline: new Date(Date.now() + 30 * hour).toISOString(),
      createdAt: new Date().toISOString(),
      ...over,
    });
  const rows = [
    row("order00000aaaaa1", {
      amountPaid: 12500,
      paymentState: "partial",
      paymentDeadline: new Date(Date.now() + 2 * hour).toISOString(),
      proofs: [
        staffProof({ id: "p1", fileName: "talao.jpg", createdAt: new Date().toISOString() }),
        staffProof({ id: "p2", fileName: "antigo.jpg", status: "refused", reason: "ilegível", createdAt: new Date().toISOString() }),
      ],
    }),
    row("order00000bbbbb2", {
      customer: { id: "c2", name: "Duarte Teste", email: null },
      paymentReference: "LJ9ZZ8RTW",
      amountUnconfirmed: 5000,
      payments: [
        staffPayment({
          id: "pp1",
          amount: 5000,
          bankReference: "SUP-77",
          actor: "Suporte Teste",
          confirmation: "pending",
          confirmedBy: null,
          confirmedAt: null,
        }),
      ],
    }),
  ];

  const renderQueue = (setFilters: (filters: Record<string, unknown>) => void, filterValues: Record<string, unknown> = {}) => {
    const context = {
      data: rows,
      total: rows.length,
      isPending: false,
      isLoading: false,
      isFetching: false,
      filterValues,
      displayedFilters: {},
      setFilters,
      sort: { field: "paymentDeadline", order: "ASC" },
      page: 1,
      perPage: 25,
      selectedIds: [],
      resource: "payments",
      hasNextPage: false,
      hasPreviousPage: false,
      setSort: () => undefined,
      setPage: () => undefined,
      setPerPage: () => undefined,
      onSelect: () => undefined,
      onToggleItem: () => undefined,
      onUnselectItems: () => undefined,
      showFilter: () => undefined,
      hideFilter: () => undefined,
      refetch: () => undefined,
    } as unknown as ListControllerResult;
    return render(
      <AdminContext i18nProvider={i18nProvider}>
        <ResourceContextProvider value="payments">
          <ListContextProvider value={context}>
            <PaymentQueueGrid />
          </ListContextProvider>
        </ResourceContextProvider>
      </AdminContext>,
    );
  };

  it("shows each unpaid order with what is expected, its reference, the time left and its proofs", async () => {
    renderQueue(() => undefined);
    const lines = await screen.findAllByRole("row");
    const [first, second] = lines.slice(1);
    expect(first).toHaveTextContent("#AAAAA1");
    expect(first).toHaveTextContent("Carla Teste");
    expect(first).toHaveTextContent("17 500,00 kz");
    expect(first).toHaveTextContent("LJ4KX7PQM");
    expect(within(first!).getByTestId("payment-deadline")).toHaveAttribute("data-urgent", "true");
    expect(within(first!).getByTestId("proof-counts")).toHaveTextContent("1 Em análise · 1 Recusado");
    expect(within(first!).getAllByTestId("image-attachment")).toHaveLength(2);
    expect(second).toHaveTextContent("30 000,00 kz");
    expect(within(second!).getByTestId("payment-deadline")).toHaveAttribute("data-urgent", "false");
    expect(second).toHaveTextContent("Sem comprovativo");
    for (const header of ["Pedido", "Cliente", "Valor esperado", "Referência", "Prazo", "Comprovativos"])
      expect(lines[0]).toHaveTextContent(header);
  });

  it("filters to orders with a proof (hasProof=true), and back", async () => {
    const calls: Record<string, unknown>[] = [];
    const { unmount } = renderQueue((f) => calls.push(f));
    await userEvent.click(screen.getByRole("switch", { name: "Com comprovativo" }));
    expect(calls).toEqual([{ hasProof: true }]);
    unmount();
    renderQueue((f) => calls.push(f), { hasProof: true });
    const toggle = screen.getByRole("switch", { name: "Com comprovativo" });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    expect(calls).toEqual([{ hasProof: true }, {}]);
  });

  // Issue 39: the orders holding a payment "por confirmar", each approved by an admin from the queue.
  it("filters to orders with a payment por confirmar (unconfirmed=true), and lists each pending payment of a row", async () => {
    const calls: Record<string, unknown>[] = [];
    renderQueue((f) => calls.push(f));
    await userEvent.click(screen.getByRole("switch", { name: "Por confirmar" }));
    expect(calls).toEqual([{ unconfirmed: true }]);
    expect(screen.getAllByTestId("unconfirmed-cell")).toHaveLength(1);
    const cell = screen.getByTestId("unconfirmed-cell");
    expect(cell).toHaveTextContent("5 000,00 kz · SUP-77 · Suporte Teste");
  });

  it("counts the time left, red under 6 h and once expired", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(timeLeft("2026-01-02T03:00:00Z", now)).toMatchObject({ text: "1 d 3 h", urgent: false, expired: false });
    expect(timeLeft("2026-01-01T05:20:00Z", now)).toMatchObject({ text: "5 h 20 min", urgent: true });
    expect(timeLeft("2025-12-31T23:00:00Z", now)).toMatchObject({ expired: true, urgent: true });
  });
});
