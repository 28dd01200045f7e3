import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { deliveredOrder } from "./order-fixtures.ts";
import type { Order } from "../../storefront/features/orders/api/user-orders.ts";
import { renderShop, settings } from "./harness.tsx";
import { standInShopApi } from "./shop-api-stand-in.ts";

// /orders on a phone: a delivered order offers "Pedir devolução ou troca" (docs/product/returns.md#asking); an exchange
// is three taps (open, the size, confirm) with the shop's policy shown before the confirmation; the request then
// shows on the order with its status. Against a stand-in of the shop API.

const DAY = 86_400_000;
const ORDER = "delivered000000000000ab12";
const POLICY = "Devolva os artigos na loja de Luanda. A viagem de volta é por conta do cliente.";

const delivered = (over: Partial<Order> = {}): Order =>
  deliveredOrder({
    _id: ORDER,
    paymentMethod: "cod",
    items: [{ itemId: "p1", name: "Camisa", image: ["/media/p1"], price: 7500, size: "P", quantity: 1 }],
    returnOffer: {
      until: new Date(Date.now() + 2 * DAY).toISOString(),
      lines: [{ itemId: "p1", name: "Camisa", size: "P", quantity: 1, exchangeSizes: ["M", "G"] }],
    },
    ...over,
  });

const signedIn = { session: { token: "t", realtime: null }, settings: { ...settings, returns: { windowDays: 7, policy: POLICY } } };

describe("asking for a return or an exchange on /orders", { timeout: 20_000 }, () => {
  it("exchanges a size in three taps, with the policy shown before confirming, then shows the request", async () => {
    let asked = false;
    const calls = standInShopApi({
      "POST /api/order/userorders": () => ({
        success: true,
        orders: [
          asked
            ? delivered({
                returnOffer: null,
                returns: [
                  {
                    _id: "r1",
                    status: "Pedido",
                    resolution: "exchange",
                    exchangeSize: "M",
                    note: null,
                    staffNote: null,
                    replacementOrderId: null,
                    createdAt: new Date().toISOString(),
                    lines: [{ itemId: "p1", name: "Camisa", size: "P", quantity: 1, reason: "tamanho" }],
                  },
                ],
              })
            : delivered(),
        ],
      }),
      "POST /api/order/return": () => {
        asked = true;
        return { status: 201, body: { success: true, returnId: "r1", status: "Pedido" } };
      },
    });
    renderShop("/orders", signedIn);
    const card = await screen.findByTestId("order");
    fireEvent.click(within(card).getByRole("button", { name: /^Pedir devolução ou troca/ }));
    const form = within(card).getByTestId("return-request");
    expect(within(form).getByTestId("return-policy")).toHaveTextContent(POLICY);
    const confirm = within(form).getByRole("button", { name: "Confirmar pedido" });
    expect(confirm).toBeDisabled();
    fireEvent.click(within(form).getByRole("button", { name: "Trocar por M" }));
    await act(async () => fireEvent.click(confirm));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === "/api/order/return").map((c) => c.body)).toEqual([
        { orderId: ORDER, lines: [{ itemId: "p1", size: "P", quantity: 1, reason: "tamanho" }], resolution: "exchange", exchangeSize: "M" },
      ]),
    );
    await waitFor(() => expect(screen.getByTestId("order-returns")).toHaveTextContent("Troca pelo tamanho M · Pedido"));
    expect(within(screen.getByTestId("order")).queryByRole("button", { name: /^Pedir devolução ou troca/ })).toBeNull();
  });

  it("asks a refund with the reason and the note given; offers nothing on an order without an offer", async () => {
    const calls = standInShopApi({
      "POST /api/order/userorders": () => ({
        success: true,
        orders: [
          delivered(),
          delivered({ _id: "old00000000000000000000cd", createdAt: new Date(Date.now() - 40 * DAY).toISOString(), returnOffer: null }),
        ],
      }),
      "POST /api/order/return": () => ({ status: 201, body: { success: true, returnId: "r2", status: "Pedido" } }),
    });
    renderShop("/orders", signedIn);
    const [card, old] = await screen.findAllByTestId("order");
    expect(within(old!).queryByRole("button", { name: /^Pedir devolução ou troca/ })).toBeNull();
    fireEvent.click(within(card!).getByRole("button", { name: /^Pedir devolução ou troca/ }));
    const form = within(card!).getByTestId("return-request");
    fireEvent.click(within(form).getByRole("button", { name: "Reembolso" }));
    fireEvent.change(within(form).getByRole("combobox", { name: "Motivo de Camisa" }), { target: { value: "defeito" } });
    fireEvent.change(within(form).getByRole("textbox"), { target: { value: "Costura aberta" } });
    await act(async () => fireEvent.click(within(form).getByRole("button", { name: "Confirmar pedido" })));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === "/api/order/return").map((c) => c.body)).toEqual([
        {
          orderId: ORDER,
          lines: [{ itemId: "p1", size: "P", quantity: 1, reason: "defeito" }],
          resolution: "refund",
          note: "Costura aberta",
        },
      ]),
    );
  });

  it("'Trocas e devoluções' in the footer opens the shop's window and policy", async () => {
    standInShopApi({});
    renderShop("/", signedIn);
    fireEvent.click(await screen.findByRole("link", { name: "Trocas e devoluções" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Trocas e devoluções" })).toBeInTheDocument();
    expect(screen.getByTestId("return-window")).toHaveTextContent("até 7 dias depois de a receber");
    expect(screen.getByText(POLICY)).toBeInTheDocument();
  });
});
