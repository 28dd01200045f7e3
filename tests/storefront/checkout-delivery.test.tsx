// The checkout's delivery choice (docs/product/checkout.md#delivery) against a stand-in of the shop API: options for
// the province chosen, the total with the chosen fee, the option sent with the order, the courier's fields, and the
// first missing field brought into view.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { catalogue, renderShop } from "./harness.tsx";
import { standInShopApi, type ApiCall } from "./shop-api-stand-in.ts";

const signedIn = () => ({ session: { token: "t", realtime: null } });

const PICKUP = { id: "p1", kind: "pickup", name: "Loja Luanda", fee: 0, eta: "pronto em 24 h", address: "Rua Rainha Ginga 100, Luanda" };
const optionsFor = (call: ApiCall) => {
  const state = new URL(call.path, "http://x").searchParams.get("state");
  const zone =
    state === "Benguela"
      ? { id: "z2", kind: "delivery", name: "Outras províncias", fee: 8000, eta: "3 a 5 dias úteis" }
      : { id: "default", kind: "delivery", name: "Entrega ao domicílio", fee: 5000, eta: "" };
  return { success: true, options: [zone, PICKUP] };
};

const fill = (values: Record<string, string>) => {
  for (const [label, value] of Object.entries(values))
    fireEvent.change(screen.getByRole("textbox", { name: label }), { target: { value } });
};

describe("checkout delivery", { timeout: 20_000 }, () => {
  it("shows the province's options, totals with the chosen one, and sends it with the order", async () => {
    const calls = standInShopApi({
      "POST /api/cart/get": () => ({ success: true, cartData: { p1: { M: 1 } } }),
      "GET /api/delivery/options": optionsFor,
      "POST /api/order/place": () => ({ success: true, message: "Pedido realizado", orderId: "o1" }),
    });
    renderShop("/place-order", { products: catalogue(1), ...signedIn() });
    await screen.findByRole("button", { name: "FINALIZAR PEDIDO" });
    expect(screen.getByRole("combobox", { name: "Província" })).toHaveDisplayValue("Escolha a província");
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toContain("Icolo e Bengo");
    fireEvent.change(screen.getByRole("combobox", { name: "Província" }), { target: { value: "Benguela" } });
    await waitFor(() => expect(screen.getByTestId("total")).toHaveTextContent(/^9\s?000,00 kz$/));
    expect(screen.getByRole("radio", { name: /Outras províncias/ })).toBeChecked();
    fireEvent.click(screen.getByRole("radio", { name: /Levantar: Loja Luanda/ }));
    await waitFor(() => expect(screen.getByTestId("total")).toHaveTextContent(/^1\s?000,00 kz$/));
    expect(screen.getByText("Rua Rainha Ginga 100, Luanda")).toBeInTheDocument();

    fill({
      "Primeiro nome": "Ana",
      Sobrenome: "Silva",
      Email: "ana@example.ao",
      "Endereço da Rua": "Rua 1",
      "Bairro (opcional)": "Compão",
      "Ponto de referência (opcional)": "Perto do mercado",
      Cidade: "Benguela",
      "Código Postal": "0000",
      País: "Angola",
      Telefone: "923000000",
    });
    // The options follow the address (the city changed): the order is sent once those of this address are shown.
    await screen.findAllByTestId("delivery-fee");
    fireEvent.click(screen.getByRole("button", { name: "FINALIZAR PEDIDO" }));
    await waitFor(() => expect(calls.filter((c) => c.path === "/api/order/place")).toHaveLength(1));
    const body = calls.find((c) => c.path === "/api/order/place")!.body as Record<string, unknown>;
    expect(body).toMatchObject({ deliveryOptionId: "p1", totalAmount: 1000 });
    expect(body.address).toMatchObject({ state: "Benguela", neighborhood: "Compão", landmark: "Perto do mercado" });
  });

  it("asks for the province to deliver to the door, not for a pickup, and names the province of a city it knows", async () => {
    const calls = standInShopApi({
      "POST /api/cart/get": () => ({ success: true, cartData: { p1: { M: 1 } } }),
      "GET /api/delivery/options": optionsFor,
      "POST /api/order/place": () => ({ success: true, message: "Pedido realizado", orderId: "o1" }),
    });
    renderShop("/place-order", { products: catalogue(1), ...signedIn() });
    await screen.findByRole("button", { name: "FINALIZAR PEDIDO" });
    fill({
      "Primeiro nome": "Ana",
      Sobrenome: "Silva",
      Email: "ana@example.ao",
      "Endereço da Rua": "Rua da Sé 3",
      Cidade: "Lubango",
      "Código Postal": "0000",
      Telefone: "923000000",
    });
    await screen.findAllByTestId("delivery-fee");
    const province = screen.getByRole("combobox", { name: "Província" });
    fireEvent.click(screen.getByRole("button", { name: "FINALIZAR PEDIDO" }));
    await waitFor(() => expect(province).toHaveAccessibleDescription("Província é necessária para a entrega ao domicílio"));
    expect(document.activeElement).toBe(province);
    fireEvent.change(province, { target: { value: "Luanda" } });
    await screen.findAllByTestId("delivery-fee");
    fireEvent.click(screen.getByRole("button", { name: "FINALIZAR PEDIDO" }));
    await waitFor(() =>
      expect(province).toHaveAccessibleDescription("Lubango fica na província Huíla: escolha essa província ou corrija a cidade"),
    );
    expect(calls.filter((c) => c.path === "/api/order/place")).toHaveLength(0);
    // A pickup needs no province.
    fireEvent.change(province, { target: { value: "" } });
    fireEvent.click(await screen.findByRole("radio", { name: /Levantar: Loja Luanda/ }));
    fireEvent.click(screen.getByRole("button", { name: "FINALIZAR PEDIDO" }));
    await waitFor(() => expect(calls.filter((c) => c.path === "/api/order/place")).toHaveLength(1));
    expect(calls.find((c) => c.path === "/api/order/place")!.body).toMatchObject({ deliveryOptionId: "p1", address: { state: "" } });
  });

  it("brings the first missing field into focus when the submit fails", async () => {
    standInShopApi({
      "POST /api/cart/get": () => ({ success: true, cartData: { p1: { M: 1 } } }),
      "GET /api/delivery/options": optionsFor,
    });
    renderShop("/place-order", { products: catalogue(1), ...signedIn() });
    await screen.findByRole("button", { name: "FINALIZAR PEDIDO" });
    fill({ "Primeiro nome": "Ana", Sobrenome: "Silva", "Endereço da Rua": "Rua 1", Cidade: "Luanda", "Código Postal": "1000" });
    fireEvent.click(screen.getByRole("button", { name: "FINALIZAR PEDIDO" }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Email" })));
    expect(screen.getByText("Email é necessário")).toBeInTheDocument();
  });

  it("sends the delivery phone once typed whole: pay on delivery is withdrawn for a phone over its refusal limit", async () => {
    const REFUSED = "923111222";
    const calls = standInShopApi({
      "POST /api/cart/get": () => ({ success: true, cartData: { p1: { M: 1 } } }),
      "GET /api/delivery/options": (call) => {
        const phone = new URL(call.path, "http://x").searchParams.get("phone");
        const zone = {
          id: "z1",
          kind: "delivery",
          name: "Luanda",
          fee: 2000,
          eta: "",
          ...(phone === REFUSED ? {} : { payOnDelivery: true }),
        };
        return { success: true, options: [zone] };
      },
    });
    renderShop("/place-order", { products: catalogue(1), ...signedIn() });
    await screen.findByRole("button", { name: "FINALIZAR PEDIDO" });
    fireEvent.change(screen.getByRole("combobox", { name: "Província" }), { target: { value: "Luanda" } });
    await screen.findByRole("radio", { name: /Pagamento na entrega/ });
    const asked = () =>
      calls.filter((c) => c.path.startsWith("/api/delivery/options")).map((c) => new URL(c.path, "http://x").searchParams.get("phone"));
    // Half a number asks nothing new.
    fill({ Telefone: "923 11" });
    fill({ Telefone: "923 111 222" });
    await waitFor(() => expect(screen.queryByRole("radio", { name: /Pagamento na entrega/ })).toBeNull());
    expect(asked()).not.toContain("92311");
    expect(asked().at(-1)).toBe(REFUSED);
    // The fees stayed on screen meanwhile: a new phone is not a new address.
    expect(screen.getAllByTestId("delivery-fee")).toHaveLength(1);
  });
});
