// The discount code at checkout (docs/product/coupons.md#in-the-storefront) against a stand-in of the shop API: the
// code is previewed with the fee of the delivery chosen, the discount line and total follow it, and the order is
// sent with the code and the total after the discount; a refused code shows its reason and is not sent.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { LUANDA_ADDRESS_FIELDS, catalogue, renderShop } from "./harness.tsx";
import { standInShopApi, type ApiCall } from "./shop-api-stand-in.ts";

const OPTIONS = {
  success: true,
  options: [
    { id: "z1", kind: "delivery", name: "Luanda", fee: 5000, eta: "" },
    { id: "p1", kind: "pickup", name: "Loja Luanda", fee: 0, eta: "", address: "Rua Rainha Ginga 100, Luanda" },
  ],
};

/** PORTES: free delivery (refused when the delivery is already free); anything else does not exist. */
const preview = (call: ApiCall) => {
  const body = call.body as { code: string; subtotal: number; deliveryFee?: number };
  if (body.code !== "PORTES") return { success: false, discount: 0, message: "Este código de desconto não é válido" };
  if (body.deliveryFee === 0)
    return { success: false, discount: 0, message: "A entrega deste pedido já é grátis: este código não dá desconto" };
  return { success: true, discount: body.deliveryFee ?? 0, message: "Código aplicado" };
};

describe("checkout discount code", { timeout: 20_000 }, () => {
  beforeEach(() => sessionStorage.clear());

  it("previews the code with the chosen delivery and sends it with the discounted total", async () => {
    const calls = standInShopApi({
      "POST /api/cart/get": () => ({ success: true, cartData: { p1: { M: 1 } } }),
      "GET /api/delivery/options": () => OPTIONS,
      "POST /api/cart/coupon": preview,
      "POST /api/order/place": () => ({ success: true, message: "Pedido realizado", orderId: "o1" }),
    });
    renderShop("/place-order", { products: catalogue(1), session: { token: "t", realtime: null } });
    // The page is a lazy chunk: the first run of the file transforms it.
    await screen.findByRole("button", { name: "FINALIZAR PEDIDO" }, { timeout: 10_000 });
    await screen.findAllByTestId("delivery-fee");

    fireEvent.change(screen.getByRole("textbox", { name: "Código de desconto" }), { target: { value: "nada" } });
    fireEvent.click(screen.getByRole("button", { name: "Aplicar" }));
    await waitFor(() => expect(screen.getByTestId("coupon-message")).toHaveTextContent("Este código de desconto não é válido"));
    expect(screen.queryByTestId("discount")).toBeNull();

    fireEvent.change(screen.getByRole("textbox", { name: "Código de desconto" }), { target: { value: " portes " } });
    fireEvent.click(screen.getByRole("button", { name: "Aplicar" }));
    await waitFor(() => expect(screen.getByTestId("discount")).toHaveTextContent(/^−5\s?000,00 kz$/));
    expect(screen.getByTestId("total")).toHaveTextContent(/^1\s?000,00 kz$/);
    expect(calls.findLast((c) => c.path === "/api/cart/coupon")!.body).toEqual({ code: "PORTES", subtotal: 1000, deliveryFee: 5000 });

    // Pickup is free already: the code is refused and nothing is taken off.
    fireEvent.click(screen.getByRole("radio", { name: /Levantar: Loja Luanda/ }));
    await waitFor(() => expect(screen.getByTestId("coupon-message")).toHaveTextContent("A entrega deste pedido já é grátis"));
    expect(screen.queryByTestId("discount")).toBeNull();
    fireEvent.click(screen.getByRole("radio", { name: /Luanda/, checked: false }));
    await waitFor(() => expect(screen.getByTestId("discount")).toBeInTheDocument());

    for (const [label, value] of Object.entries(LUANDA_ADDRESS_FIELDS))
      fireEvent.change(screen.getByRole("textbox", { name: label }), { target: { value } });
    fireEvent.change(screen.getByRole("combobox", { name: "Província" }), { target: { value: "Luanda" } });
    await screen.findAllByTestId("delivery-fee");
    await waitFor(() => expect(screen.getByTestId("discount")).toBeInTheDocument());
    fireEvent.click(screen.getByRole("button", { name: "FINALIZAR PEDIDO" }));
    await waitFor(() => expect(calls.filter((c) => c.path === "/api/order/place")).toHaveLength(1));
    expect(calls.find((c) => c.path === "/api/order/place")!.body).toMatchObject({
      couponCode: "PORTES",
      totalAmount: 1000,
      deliveryOptionId: "z1",
    });
  });
});
