// "Devoluções" in the console (docs/product/returns.md#staff): the moves the server allows, each sending only what it
// needs (approve at once, receive with what came back per line, conclude a refund with its reference); support is
// told an admin concludes a refund; the order's page lists its returns.
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { AdminContext, ResourceContextProvider, testDataProvider } from "react-admin";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import polyglotI18nProvider from "ra-i18n-polyglot";
import type { ReactNode } from "react";
import { ptMessages } from "../../console/i18n/pt.ts";
import { canRoleAccess } from "../../console/auth-provider.ts";
import { ReturnMoves } from "../../console/returns/return-moves.tsx";
import { OrderReturns } from "../../console/returns/order-returns.tsx";
import { ReturnShow } from "../../console/returns/return-show.tsx";
import type { AdminReturn } from "../../server/schemas/returns.ts";
import { formatKz } from "../../shared/money.ts";

const i18nProvider = polyglotI18nProvider(() => ptMessages, "pt");

const ret = (over: Partial<AdminReturn> = {}): AdminReturn => ({
  id: "ret1",
  orderId: "order0000000000c1",
  shortOrderId: "0000C1",
  customer: { id: "u1", name: "Ana", email: "ana@example.ao" },
  status: "Pedido",
  resolution: "refund",
  exchangeSize: null,
  note: null,
  staffNote: null,
  itemCount: 2,
  lines: [
    {
      id: "l1",
      productId: "p1",
      name: "Camisa",
      image: "",
      size: "P",
      price: 10000,
      bought: 2,
      quantity: 2,
      reason: "defeito",
      receivedQuantity: null,
      damagedQuantity: null,
    },
  ],
  refundDue: 18000,
  refund: null,
  replacementOrder: null,
  allowedMoves: ["Aprovada", "Recusada"],
  history: [],
  createdAt: "2026-11-27T10:00:00.000Z",
  updatedAt: "2026-11-27T10:00:00.000Z",
  ...over,
});

function renderWith(ui: ReactNode, rows: AdminReturn[] = [], at = "/") {
  const updates: unknown[] = [];
  const getLists: unknown[] = [];
  const dataProvider = testDataProvider({
    update: async (_resource: string, params: { data: unknown }) => {
      updates.push(params.data);
      return { data: ret() } as never;
    },
    getList: async (_resource: string, params: { filter?: unknown }) => {
      getLists.push(params.filter);
      return { data: rows, total: rows.length } as never;
    },
    getOne: async (_resource: string, params: { id: unknown }) => ({ data: rows.find((r) => r.id === params.id) }) as never,
  });
  render(
    <MemoryRouter initialEntries={[at]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        {ui}
      </AdminContext>
    </MemoryRouter>,
  );
  return { updates, getLists };
}

describe("Devoluções", () => {
  it("are handled by support and admins", () => {
    expect(canRoleAccess("support", "returns", "list")).toBe(true);
    expect(canRoleAccess("support", "returns", "edit")).toBe(true);
  });

  it("approves at once, and receives with what came back per line", async () => {
    const { updates } = renderWith(<ReturnMoves record={ret()} />);
    expect(screen.getByRole("button", { name: "Recusar" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Aprovar" }));
    await waitFor(() => expect(updates).toEqual([{ status: "Aprovada" }]));
  });

  it("receives with the damaged units given", async () => {
    const { updates } = renderWith(<ReturnMoves record={ret({ status: "Aprovada", allowedMoves: ["Recebida"] })} />);
    fireEvent.click(screen.getByRole("button", { name: "Marcar como recebida" }));
    const dialog = await screen.findByTestId("return-receive-dialog");
    fireEvent.change(within(dialog).getByLabelText("Danificadas"), { target: { value: "1" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Marcar como recebida" }));
    await waitFor(() => expect(updates).toEqual([{ status: "Recebida", lines: [{ id: "l1", receivedQuantity: 2, damagedQuantity: 1 }] }]));
  });

  it("tells support an admin concludes a refund", () => {
    renderWith(<ReturnMoves record={ret({ status: "Recebida", allowedMoves: [] })} />);
    expect(screen.getByText("Só um administrador pode concluir um reembolso.")).toBeInTheDocument();
  });

  it("concludes a refund with its reference (or 'por devolver')", async () => {
    const { updates } = renderWith(<ReturnMoves record={ret({ status: "Recebida", allowedMoves: ["Concluída"] })} />);
    fireEvent.click(screen.getByRole("button", { name: "Concluir" }));
    const dialog = await screen.findByTestId("return-conclude-dialog");
    expect(dialog.textContent).toContain(`Reembolso ao concluir: ${formatKz(18000)}`);
    fireEvent.click(within(dialog).getByRole("button", { name: "Concluir" }));
    expect(await within(dialog).findByText('Indique a referência da transferência, ou marque "por devolver"')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText("Referência da transferência de devolução"), { target: { value: "BAI-1" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Concluir" }));
    await waitFor(() => expect(updates).toEqual([{ status: "Concluída", bankReference: "BAI-1" }]));
  });

  it("lists an order's returns on its page", async () => {
    const { getLists } = renderWith(<OrderReturns orderId="order0000000000c1" />, [ret({ status: "Aprovada" })]);
    const list = await screen.findByTestId("order-returns", {}, { timeout: 10_000 });
    expect(list).toHaveTextContent("Aprovada");
    expect(list).toHaveTextContent("2 × Camisa (P)");
    expect(within(list).getByRole("link", { name: "Reembolso" })).toHaveAttribute("href", "/returns/ret1/show");
    expect(getLists).toEqual([{ orderId: "order0000000000c1" }]);
  });

  it("opens its page with the order's head: number, status, what was asked and when, the order and its chat", async () => {
    renderWith(
      <ResourceContextProvider value="returns">
        <Routes>
          <Route path="/returns/:id/show" element={<ReturnShow />} />
        </Routes>
      </ResourceContextProvider>,
      [ret()],
      "/returns/ret1/show",
    );
    // The same head as the order's own page (console/components/order-record.tsx).
    const head = await screen.findByTestId("order-record-header", {}, { timeout: 10_000 });
    expect(within(head).getByTestId("return-order")).toHaveTextContent("#0000C1");
    expect(head).toHaveTextContent("Pedido");
    expect(head).toHaveTextContent("Reembolso");
    expect(within(head).getByRole("link", { name: "Abrir pedido" })).toHaveAttribute("href", "/orders/order0000000000c1/show");
    expect(within(head).getByRole("link", { name: "Abrir conversa" })).toHaveAttribute("href", "/conversations/order0000000000c1/show");
  });
});
