// The buyer's NIF and the order's fiscal documents in the storefront (docs/product/fiscal-documents.md), against a
// stand-in of the shop API: the checkout's NIF (from the account, checked by the shared rule, sent normalised, the
// name the AGT knows it by), the account's NIF, and /orders with the FR's number and its PDF.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { Order } from "../../storefront/features/orders/api/user-orders.ts";
import { shopperOrder } from "./order-fixtures.ts";
import { LUANDA_ADDRESS_FIELDS, catalogue, renderShop } from "./harness.tsx";
import { standInShopApi, type ApiCall } from "./shop-api-stand-in.ts";
import { INVALID_NIF } from "../../shared/nif.ts";

const WAIT = { timeout: 10_000 };
const signedIn = () => ({ session: { token: "t", realtime: null } });
const callsTo = (calls: ApiCall[], method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);

const ACCOUNT = {
  name: "Ana Silva",
  email: "ana@example.ao",
  phone: null,
  savedAddress: null,
  nif: "5000000000" as string | null,
  notifyEmail: true,
  notifyPush: false,
  whatsappOptIn: false,
  smsOptIn: false,
  verifiedPhones: [] as string[],
  phoneCodeChannels: [] as ("whatsapp" | "sms")[],
};

beforeEach(() => sessionStorage.clear());

describe("checkout NIF", { timeout: 20_000 }, () => {
  it("starts from the account's NIF, shows the AGT's name for it, refuses a bad one beside the field and sends it normalised", async () => {
    const calls = standInShopApi({
      "POST /api/cart/get": () => ({ success: true, cartData: { p1: { M: 1 } } }),
      "GET /api/user/account": () => ({ success: true, account: ACCOUNT }),
      "POST /api/order/userorders": () => ({ success: true, orders: [] }),
      "GET /api/delivery/options": () => ({ success: true, options: [{ id: "z1", kind: "delivery", name: "Luanda", fee: 5000, eta: "" }] }),
      "GET /api/fiscal/taxpayer/5000000000": () => ({ success: true, nif: "5000000000", name: "Empresa Exemplo, Lda.", active: true }),
      "GET /api/fiscal/taxpayer/5417000001": () => ({ status: 404, body: { success: false, message: "NIF não encontrado na AGT" } }),
      "POST /api/order/place": () => ({ success: true, message: "Pedido realizado", orderId: "o1" }),
    });
    renderShop("/place-order", { products: catalogue(1), ...signedIn() });
    const nif = await screen.findByRole("textbox", { name: "NIF (opcional)" }, WAIT);
    await waitFor(() => expect(nif).toHaveValue("5000000000"), WAIT);
    expect(await screen.findByText("Fatura em nome de Empresa Exemplo, Lda.", {}, WAIT)).toBeInTheDocument();
    await screen.findAllByTestId("delivery-fee");
    for (const [label, value] of Object.entries(LUANDA_ADDRESS_FIELDS))
      fireEvent.change(screen.getByRole("textbox", { name: label }), { target: { value } });
    fireEvent.change(screen.getByRole("combobox", { name: "Província" }), { target: { value: "Luanda" } });

    fireEvent.change(nif, { target: { value: "12 345" } });
    fireEvent.click(screen.getByRole("button", { name: "FINALIZAR PEDIDO" }));
    expect(await screen.findByText(INVALID_NIF, { selector: "#checkout-nif-error" })).toHaveAttribute("role", "alert");
    expect(nif).toHaveAttribute("aria-invalid", "true");
    expect(callsTo(calls, "POST", "/api/order/place")).toHaveLength(0);

    fireEvent.change(nif, { target: { value: "541.700 0001" } });
    // The fee of the address just typed is known before the order goes (else the page asks to try again).
    await waitFor(() => expect(calls.some((c) => c.path.startsWith("/api/delivery/options?state=Luanda"))).toBe(true), WAIT);
    await screen.findAllByTestId("delivery-fee", {}, WAIT);
    await waitFor(() => {
      if (callsTo(calls, "POST", "/api/order/place").length === 0)
        fireEvent.click(screen.getByRole("button", { name: "FINALIZAR PEDIDO" }));
      expect(callsTo(calls, "POST", "/api/order/place")).toHaveLength(1);
    }, WAIT);
    expect(callsTo(calls, "POST", "/api/order/place")[0]!.body).toMatchObject({ nif: "5417000001" });
  });
});

describe("account NIF", { timeout: 20_000 }, () => {
  it("saves the NIF normalised, and refuses one the rule does not know", async () => {
    const calls = standInShopApi({
      "GET /api/user/account": () => ({ success: true, account: { ...ACCOUNT, nif: null } }),
      "PATCH /api/user/account": (c) => ({ success: true, account: { ...ACCOUNT, ...(c.body as object) } }),
    });
    renderShop("/account", signedIn());
    const nif = await screen.findByRole("textbox", { name: "NIF (opcional)" }, WAIT);
    fireEvent.change(nif, { target: { value: "00456789O la 042" } });
    fireEvent.click(screen.getByRole("button", { name: "GUARDAR NIF" }));
    expect(await screen.findByText(INVALID_NIF, { selector: "#account-nif-error" })).toHaveAttribute("role", "alert");
    expect(callsTo(calls, "PATCH", "/api/user/account")).toHaveLength(0);
    fireEvent.change(nif, { target: { value: "004567890 la 042" } });
    fireEvent.click(screen.getByRole("button", { name: "GUARDAR NIF" }));
    await waitFor(() => expect(callsTo(calls, "PATCH", "/api/user/account")).toHaveLength(1), WAIT);
    expect(callsTo(calls, "PATCH", "/api/user/account")[0]!.body).toEqual({ nif: "004567890LA042" });
    await waitFor(() => expect(nif).toHaveValue("004567890LA042"));
  });
});

describe("/orders", { timeout: 20_000 }, () => {
  it("shows the NIF, the FR's number with its PDF, and a document still on its way", async () => {
    const base = shopperOrder({
      createdAt: new Date().toISOString(),
      status: "Pagamento Confirmado",
      payment: true,
      address: { ...shopperOrder().address, ...LUANDA_ADDRESS_FIELDS, email: "a@b.ao" },
      paymentReference: null,
      paymentDeadline: null,
      amountPaid: 12500,
      paymentState: "paid",
    });
    const orders: Order[] = [
      {
        ...base,
        _id: "order00000000000000aa01",
        nif: "5000000000",
        fiscalDocuments: [{ id: "f1", type: "FR", status: "issued", number: "FR LOJA2026/000007", url: "/media/fr7" }],
      },
      {
        ...base,
        _id: "order00000000000000aa02",
        nif: null,
        fiscalDocuments: [{ id: "f2", type: "FR", status: "pending", number: null, url: null }],
      },
    ];
    standInShopApi({ "POST /api/order/userorders": () => ({ success: true, orders }) });
    renderShop("/orders", signedIn());
    const [first, second] = await screen.findAllByTestId("order-fiscal", {}, WAIT);
    expect(within(first!).getByText("NIF: 5000000000")).toBeInTheDocument();
    expect(first).toHaveTextContent("Fatura-recibo FR LOJA2026/000007");
    expect(within(first!).getByRole("link", { name: "Descarregar Fatura-recibo FR LOJA2026/000007 (PDF)" })).toHaveAttribute(
      "href",
      "/media/fr7",
    );
    expect(second).toHaveTextContent("Fatura-recibo: a ser emitida");
    expect(within(second!).queryByRole("link")).toBeNull();
  });
});
