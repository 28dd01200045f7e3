import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { shopperOrder } from "./order-fixtures.ts";
import type { Order } from "../../storefront/features/orders/api/user-orders.ts";
import { formatDeadline } from "../../storefront/features/orders/payment.ts";
import { renderShop } from "./harness.tsx";
import { standInShopApi } from "./shop-api-stand-in.ts";

// /orders on a phone: the shopper cancels their own unpaid order (docs/product/orders.md#cancelling-an-unpaid-order)
// with a button that asks first, and reads until when its items are reserved; against a stand-in of the shop API.

const HOUR = 3_600_000;
const UNPAID = "unpaid0000000000000000a1";

const order = (over: Partial<Order> = {}): Order => shopperOrder({ _id: UNPAID, ...over });

const signedIn = { session: { token: "t", realtime: null } };
const toasts = () => [...document.querySelectorAll(".Toastify__toast")].map((t) => t.textContent ?? "");

describe("cancelling an unpaid order from /orders", { timeout: 20_000 }, () => {
  it("asks first, cancels on 'Sim, cancelar' and shows the order cancelled; 'Não' sends nothing", async () => {
    let cancelled = false;
    const calls = standInShopApi({
      "POST /api/order/userorders": () => ({
        success: true,
        orders: [
          cancelled
            ? order({
                status: "Cancelado",
                cancellation: { by: "shopper", reason: "Cancelado pelo cliente", at: new Date().toISOString() },
              })
            : order(),
        ],
      }),
      "POST /api/order/cancel": () => {
        cancelled = true;
        return { success: true, message: "Pedido cancelado" };
      },
    });
    renderShop("/orders", signedIn);
    const card = await screen.findByTestId("order");
    fireEvent.click(within(card).getByRole("button", { name: "Cancelar pedido #0000A1" }));
    const confirm = within(card).getByTestId("cancel-confirm");
    expect(confirm).toHaveTextContent(
      "Cancelar o pedido #0000A1? Os artigos deixam de estar reservados para si e o pedido já não pode ser pago.",
    );

    fireEvent.click(within(confirm).getByRole("button", { name: "Não" }));
    expect(within(card).queryByTestId("cancel-confirm")).toBeNull();
    expect(calls.filter((c) => c.path === "/api/order/cancel")).toHaveLength(0);

    fireEvent.click(within(card).getByRole("button", { name: "Cancelar pedido #0000A1" }));
    await act(async () => fireEvent.click(within(card).getByRole("button", { name: "Sim, cancelar" })));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === "/api/order/cancel")).toEqual([
        { method: "POST", path: "/api/order/cancel", body: { orderId: UNPAID } },
      ]),
    );
    await waitFor(() => expect(screen.getByTestId("order")).toHaveTextContent("Cancelado"));
    expect(within(screen.getByTestId("order")).queryByRole("button", { name: /^Cancelar pedido/ })).toBeNull();
    await waitFor(() => expect(toasts().some((t) => t.includes("Pedido cancelado"))).toBe(true));
  });

  it("shows the server's reason when the shop refuses, and keeps the order as it was", async () => {
    const reason = "O pedido mudou entretanto. Atualize a página e tente novamente.";
    standInShopApi({
      "POST /api/order/userorders": () => ({ success: true, orders: [order()] }),
      "POST /api/order/cancel": () => ({ status: 409, body: { success: false, message: reason } }),
    });
    renderShop("/orders", signedIn);
    const card = await screen.findByTestId("order");
    fireEvent.click(within(card).getByRole("button", { name: "Cancelar pedido #0000A1" }));
    await act(async () => fireEvent.click(within(card).getByRole("button", { name: "Sim, cancelar" })));
    await waitFor(() => expect(toasts().some((t) => t.includes(reason))).toBe(true));
    expect(within(card).getByRole("button", { name: "Cancelar pedido #0000A1" })).toBeInTheDocument();
    expect(card).toHaveTextContent("Aguardando Pagamento");
  });

  it("offers it only on an unpaid order with no money and no proof in review; says until when the items are reserved", async () => {
    const heldUntil = new Date(Date.now() + 2 * HOUR).toISOString();
    standInShopApi({
      "POST /api/order/userorders": () => ({
        success: true,
        orders: [
          order({ stockHeldUntil: heldUntil }),
          order({ _id: "partly0000000000000000b2", amountPaid: 5000, paymentState: "partial", stockReleasedAt: new Date().toISOString() }),
          order({
            _id: "proofed000000000000000c3",
            proofs: [
              {
                _id: "pr1",
                url: "/media/x",
                type: "pdf",
                fileName: "c.pdf",
                status: "pending",
                reason: null,
                createdAt: new Date().toISOString(),
              },
            ],
          }),
          order({
            _id: "paid000000000000000000d4",
            status: "Pagamento Confirmado",
            payment: true,
            amountPaid: 12500,
            paymentState: "paid",
          }),
        ],
      }),
    });
    renderShop("/orders", signedIn);
    const cards = await screen.findAllByTestId("order");
    const [unpaid, partly, proofed, paid] = cards as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    // The card's parts may still be arriving on a loaded machine: wait for the button before looking at the others.
    expect(await within(unpaid).findByRole("button", { name: "Cancelar pedido #0000A1" })).toBeInTheDocument();
    for (const card of [partly, proofed, paid]) expect(within(card).queryByRole("button", { name: /^Cancelar pedido/ })).toBeNull();

    expect(within(unpaid).getByTestId("stock-hold")).toHaveTextContent(
      `Artigos reservados para si até ${formatDeadline(heldUntil)} (hora de Angola). Depois voltam a estar à venda: pague antes para os garantir.`,
    );
    expect(within(partly).getByTestId("stock-hold")).toHaveTextContent("A reserva dos artigos terminou");
    expect(within(paid).queryByTestId("stock-hold")).toBeNull();
  });
});

describe("an order's way on /orders", { timeout: 20_000 }, () => {
  it("reads steps done as done with when, the next one as next, and the shipment as a fact with its link", async () => {
    standInShopApi({
      "POST /api/order/userorders": () => ({
        success: true,
        orders: [
          order({
            status: "Enviado",
            payment: true,
            paymentState: "paid",
            amountPaid: 12500,
            paymentDeadline: null,
            shipment: {
              at: "2026-11-24T13:05:00.000Z",
              carrier: "Entregas Rápidas Luanda",
              trackingCode: "ERL-55120",
              trackingUrl: "https://erl.example.ao/t/ERL-55120",
              driverPhone: "923 111 222",
              expectedAt: "2026-11-26T10:00:00.000Z",
            },
            timeline: [
              { step: "placed", label: "Pedido feito", at: "2026-11-23T09:00:00.000Z", done: true },
              { step: "paid", label: "Pagamento Confirmado", at: "2026-11-23T10:00:00.000Z", done: true },
              // Moved straight on: done, without a day of its own.
              { step: "preparing", label: "Em Preparação", at: null, done: true },
              { step: "dispatched", label: "Enviado", at: "2026-11-24T13:05:00.000Z", done: true },
              { step: "delivered", label: "Entregue", at: null, done: false },
            ],
          }),
        ],
      }),
    });
    renderShop("/orders", signedIn);
    const steps = await screen.findByRole("list", { name: "Percurso do pedido" });
    const items = within(steps).getAllByRole("listitem");
    expect(items.map((li) => li.className)).toEqual(["step-done", "step-done", "step-done", "step-done", "step-next"]);
    // Luanda's time (UTC+1), the shop's one date format.
    expect(screen.getByTestId("timeline-dispatched")).toHaveTextContent("Enviado · 24/11/2026 14:05");
    expect(screen.getByTestId("timeline-delivered")).toHaveTextContent("Entregue · a seguir (por fazer)");
    expect(screen.getByTestId("timeline-delivered")).toHaveAttribute("aria-current", "step");
    const shipment = screen.getByRole("region", { name: "Envio" });
    expect(shipment).toHaveTextContent("Enviado em 24/11/2026 14:05");
    expect(shipment).toHaveTextContent("Transportadora: Entregas Rápidas Luanda");
    expect(shipment).toHaveTextContent("Código de seguimento: ERL-55120");
    expect(shipment).toHaveTextContent("Entrega prevista: 26/11/2026");
    expect(within(shipment).getByRole("link", { name: "https://erl.example.ao/t/ERL-55120" })).toHaveAttribute("target", "_blank");
    // Not steps: the shipment's facts are no list items of the way.
    expect(within(shipment).queryAllByRole("listitem")).toHaveLength(0);
  });
});
