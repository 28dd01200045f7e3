// /pdf-viewer renders only a PDF attached to the shopper's own order, naming it (never any same-origin URL, e.g. a
// stranger's PDF saying "pague para IBAN …", inside the shop).
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { renderShop } from "./harness.tsx";
import { standInShopApi } from "./shop-api-stand-in.ts";
import { PDF_NOT_IN_ORDER } from "../../shared/chat.ts";

const ORDER_ID = "665f1c2a9b1e4a0012abcdef";
const PDF_URL = "/media/AbCdEfGhIjKlMnOpQrStUv";
const check = (orderId: string, url: string) => `GET /api/order/attachment?${new URLSearchParams({ orderId, url }).toString()}`;
const viewer = (orderId: string, url: string) => `/pdf-viewer?${new URLSearchParams({ orderId, url }).toString()}`;
const signedIn = { session: { token: "t" } };
// The chat waits out the 1 s skeleton first.
const WAIT = { timeout: 10_000 };

beforeAll(() => {
  Element.prototype.scrollTo ??= () => {};
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("/pdf-viewer", { timeout: 20_000 }, () => {
  it("names the order and offers the download once the server says the PDF is that order's attachment", async () => {
    const calls = standInShopApi({
      [check(ORDER_ID, PDF_URL)]: () => ({ success: true, orderId: ORDER_ID, shortId: "ABCDEF", fileName: "fatura.pdf" }),
    });
    renderShop(viewer(ORDER_ID, PDF_URL), signedIn);
    expect(await screen.findByText("Pedido #ABCDEF")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Baixar PDF" })).toBeInTheDocument();
    expect(screen.queryByText(PDF_NOT_IN_ORDER)).toBeNull();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain(check(ORDER_ID, PDF_URL));
  });

  it("refuses in Portuguese, rendering nothing, when the server says no", async () => {
    standInShopApi({ [check(ORDER_ID, "/media/outro")]: () => ({ status: 404, body: { success: false, message: PDF_NOT_IN_ORDER } }) });
    renderShop(viewer(ORDER_ID, "/media/outro"), signedIn);
    expect(await screen.findByRole("alert")).toHaveTextContent(PDF_NOT_IN_ORDER);
    expect(screen.queryByRole("button", { name: "Baixar PDF" })).toBeNull();
    expect(screen.queryByText(/Pedido #/)).toBeNull();
  });

  it("refuses a link without its order, without asking", async () => {
    const calls = standInShopApi({});
    renderShop(`/pdf-viewer?url=${encodeURIComponent(PDF_URL)}`, signedIn);
    expect(await screen.findByRole("alert")).toHaveTextContent(PDF_NOT_IN_ORDER);
    expect(calls.filter((c) => c.path.startsWith("/api/order/attachment"))).toEqual([]);
  });

  it("is opened from the chat's PDF modal with the chat's order named", async () => {
    const messages = [
      {
        _id: "m1",
        orderId: ORDER_ID,
        sender: "client",
        text: "",
        fileUrl: PDF_URL,
        type: "pdf",
        fileName: "fatura.pdf",
        createdAt: new Date().toISOString(),
      },
    ];
    standInShopApi({ [`GET /api/message/${ORDER_ID}`]: () => ({ success: true, messages }) });
    const { pathname, search } = renderShop(`/message/${ORDER_ID}`, signedIn);
    fireEvent.click(await screen.findByRole("button", { name: /Visualizar PDF/ }, WAIT));
    fireEvent.click(await screen.findByRole("button", { name: "Baixar" }));
    await waitFor(() => expect(pathname()).toBe("/pdf-viewer"));
    const query = new URLSearchParams(search());
    expect(query.get("orderId")).toBe(ORDER_ID);
    expect(query.get("url")).toBe(PDF_URL);
  });
});
