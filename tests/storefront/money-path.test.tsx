import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { ATTACHMENT_TOO_LARGE, MAX_ATTACHMENT_BYTES } from "../../shared/chat.ts";
import { formatKz } from "../../shared/money.ts";
import { shopperOrder } from "./order-fixtures.ts";
import type { Order } from "../../storefront/features/orders/api/user-orders.ts";
import { formatDeadline, timeLeft } from "../../storefront/features/orders/payment.ts";
import { LUANDA_ADDRESS_FIELDS, catalogue, renderShop } from "./harness.tsx";
import { standInShopApi, StandInRealtime, type ApiCall } from "./shop-api-stand-in.ts";

// The shopper's side of the money path: what to pay for an order, the proof of payment, and the
// orders list's payment state, against a stand-in of the shop API answering as the shopper contract says.

// Generous: the machine running the suite may be busy; a pass takes about a second.
const SKELETON_WAIT = { timeout: 10_000 };
const HOUR = 3_600_000;
const IBAN = "AO06 0000 0000 1234 5678 9012 3";

/** formatKz's digit groups are joined by U+00A0; Testing Library's text matching reads it as a space. */
const kz = (n: number) => formatKz(n).replace(/\u00a0/g, " ");

/** The deadline as the page must print it, worked out without the page's code: Luanda is UTC+1 all year. */
const luandaText = (iso: string) => {
  const [date, time] = new Date(new Date(iso).getTime() + HOUR).toISOString().split("T") as [string, string];
  const [y, m, d] = date.split("-");
  return `${d}/${m}/${y} às ${time.slice(0, 5)}`;
};

const ORDER_ID = "665f1c2a9b1e4a0012abcdef";

const order = (over: Partial<Order> = {}): Order =>
  shopperOrder({
    _id: ORDER_ID,
    address: { ...shopperOrder().address, state: "" },
    // 27 h 30 min from now: "faltam 1 dia e 3 h" however long the test takes to get there.
    paymentDeadline: new Date(Date.now() + 27.5 * HOUR).toISOString(),
    ...over,
  });

const MCX = { entity: "01234", reference: "987654321", amount: 12500 };

const signedIn = (realtime?: StandInRealtime) => ({ session: { token: "t", realtime: realtime?.client ?? null } });

const clipboard = () => {
  const written: string[] = [];
  Object.defineProperty(window, "isSecureContext", { value: true, configurable: true });
  Object.defineProperty(navigator, "clipboard", { value: { writeText: async (t: string) => void written.push(t) }, configurable: true });
  return written;
};

const userOrdersCalls = (calls: ApiCall[]) => calls.filter((c) => c.path === "/api/order/userorders");

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("deadline wording", () => {
  it("prints the deadline in Luanda's time and the time left in days, hours and minutes", () => {
    expect(formatDeadline("2026-11-25T15:30:00.000Z")).toBe("25/11/2026 às 16:30");
    expect(formatDeadline("2026-12-31T23:10:00.000Z")).toBe("01/01/2027 às 00:10");
    const now = Date.parse("2026-11-24T12:00:00.000Z");
    expect(timeLeft("2026-11-25T15:30:00.000Z", now)).toBe("faltam 1 dia e 3 h");
    expect(timeLeft("2026-11-26T12:00:00.000Z", now)).toBe("faltam 2 dias");
    expect(timeLeft("2026-11-24T17:20:00.000Z", now)).toBe("faltam 5 h e 20 min");
    expect(timeLeft("2026-11-24T12:12:30.000Z", now)).toBe("faltam 12 min");
    expect(timeLeft("2026-11-24T12:00:30.000Z", now)).toBe("falta menos de 1 min");
    expect(timeLeft("2026-11-24T11:59:00.000Z", now)).toBe("Prazo expirado");
  });
});

describe("checkout", { timeout: 20_000 }, () => {
  it("goes to the payment page of the order just placed", async () => {
    const calls = standInShopApi({
      "POST /api/cart/get": () => ({ success: true, cartData: { p1: { M: 1 } } }),
      "POST /api/order/place": () => ({ success: true, message: "Pedido realizado", orderId: ORDER_ID }),
      "GET /api/delivery/options": () => ({
        success: true,
        options: [{ id: "default", kind: "delivery", name: "Entrega ao domicílio", fee: 5000, eta: "" }],
      }),
    });
    const { pathname, search } = renderShop("/place-order", { products: catalogue(1), ...signedIn() });
    await screen.findByRole("button", { name: "FINALIZAR PEDIDO" });
    await waitFor(() => expect(screen.getByTestId("total")).toHaveTextContent(/^6\s?000,00 kz$/));
    const address = LUANDA_ADDRESS_FIELDS;
    for (const [label, value] of Object.entries(address))
      fireEvent.change(screen.getByRole("textbox", { name: label }), { target: { value } });
    fireEvent.change(screen.getByRole("combobox", { name: "Província" }), { target: { value: "Luanda" } });
    // WhatsApp and SMS are off until ticked; the shopper ticks WhatsApp only.
    const whatsapp = screen.getByRole("checkbox", { name: /Receber avisos do pedido no WhatsApp/ });
    expect(whatsapp).not.toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Receber avisos do pedido por SMS" })).not.toBeChecked();
    fireEvent.click(whatsapp);
    // The delivery fee of this address is shown (and charged) before the order is sent.
    await screen.findAllByTestId("delivery-fee");
    fireEvent.click(screen.getByRole("button", { name: "FINALIZAR PEDIDO" }));
    await waitFor(() => expect(pathname()).toBe("/confirmacaotransferencia"));
    expect(search()).toBe(`?orderId=${ORDER_ID}`);
    const placed = calls.filter((c) => c.path === "/api/order/place");
    expect(placed).toHaveLength(1);
    expect(placed[0]!.body).toMatchObject({ whatsappOptIn: true });
    expect(placed[0]!.body).not.toHaveProperty("smsOptIn");
  });
});

// Each page waits out the 1 s skeleton; a busy CI machine needs more than the default 5 s.
describe("/confirmacaotransferencia for an order", { timeout: 20_000 }, () => {
  it("shows the amount to pay, the reference with its copy button, the deadline and the short id; copies the IBAN with and without spaces", async () => {
    const written = clipboard();
    const placed = order();
    const calls = standInShopApi({
      "POST /api/order/userorders": () => ({ success: true, orders: [order({ _id: "other000000000000000001" }), placed] }),
    });
    renderShop(`/confirmacaotransferencia?orderId=${ORDER_ID}`, signedIn());

    const block = await screen.findByTestId("amount-to-pay", {}, SKELETON_WAIT);
    expect(screen.getByText("Obrigado por fazer a sua encomenda conosco!")).toBeInTheDocument();
    expect(within(block).getByText("Pedido #ABCDEF")).toBeInTheDocument();
    expect(within(block).getByText(kz(12500))).toBeInTheDocument();
    // The payment reference sits with the transfer it is written in, under its own name.
    const transfer = screen.getByTestId("bank-details");
    expect(within(transfer).getByText("Descritivo da transferência")).toBeInTheDocument();
    expect(within(transfer).getByText("LJ4KX7PQM")).toBeInTheDocument();
    expect(screen.queryByText("Referência")).toBeNull();
    expect(screen.getByTestId("deadline")).toHaveTextContent(
      `Pague até ${luandaText(placed.paymentDeadline!)} (hora de Angola) · faltam 1 dia e 3 h`,
    );
    expect(userOrdersCalls(calls)).toHaveLength(1);

    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copiar Descritivo da transferência" })));
    expect(screen.getByRole("status")).toHaveTextContent("Copiado: DESCRITIVO DA TRANSFERÊNCIA");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copiar IBAN" })));
    expect(screen.getByRole("status")).toHaveTextContent("Copiado: IBAN");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copiar sem espaços o IBAN" })));
    expect(screen.getByRole("status")).toHaveTextContent("Copiado: IBAN SEM ESPAÇOS");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copiar Montante a pagar" })));
    expect(written).toEqual(["LJ4KX7PQM", IBAN, "AO06000000001234567890123", "12500,00"]);

    // The bank details and the link to the orders stay.
    for (const v of ["Banco Exemplo", "Loja Lda", "123456789", IBAN]) expect(screen.getByText(v)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ver a Encomenda" })).toHaveAttribute("href", "/orders");
    expect(screen.queryByTestId("multicaixa")).toBeNull();
  });

  it("asks only for what is left of a partly paid order; Multicaixa's entity, grouped reference and amount come first, each copyable", async () => {
    const written = clipboard();
    const multicaixa = { entity: "01234", reference: "987654321", amount: 7500 };
    standInShopApi({
      "POST /api/order/userorders": () => ({ success: true, orders: [order({ amountPaid: 5000, paymentState: "partial", multicaixa })] }),
    });
    renderShop(`/confirmacaotransferencia?orderId=${ORDER_ID}`, signedIn());

    const block = await screen.findByTestId("amount-to-pay", {}, SKELETON_WAIT);
    expect(within(block).getByText(kz(7500))).toBeInTheDocument();
    expect(block).toHaveTextContent(`Já recebemos ${kz(5000)} de ${kz(12500)}.`);
    const mcx = screen.getByTestId("multicaixa");
    for (const [label, value] of [
      ["Entidade", "01234"],
      ["Referência", "987 654 321"],
      ["Montante", kz(7500)],
    ] as const) {
      expect(within(mcx).getByText(label)).toBeInTheDocument();
      expect(within(mcx).getByText(value)).toBeInTheDocument();
    }
    // Multicaixa before the transfer, and one "Referência" only: the transfer's is "Descritivo da transferência".
    expect(mcx.compareDocumentPosition(screen.getByTestId("bank-details")) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getAllByText("Referência")).toHaveLength(1);
    expect(within(screen.getByTestId("bank-details")).getByText("Descritivo da transferência")).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copiar Entidade Multicaixa" })));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copiar Referência Multicaixa" })));
    expect(screen.getByRole("status")).toHaveTextContent("Copiado: REFERÊNCIA");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copiar Montante Multicaixa" })));
    expect(written).toEqual(["01234", "987654321", "7500,00"]);
  });

  it("asks only for what neither arrived nor awaits the bank's confirmation, and says what awaits it", async () => {
    standInShopApi({
      "POST /api/order/userorders": () => ({
        success: true,
        orders: [order({ amountPaid: 5000, paymentState: "partial", amountAwaitingConfirmation: 2500 })],
      }),
    });
    renderShop(`/confirmacaotransferencia?orderId=${ORDER_ID}`, signedIn());
    const block = await screen.findByTestId("amount-to-pay", {}, SKELETON_WAIT);
    expect(within(block).getByText(kz(5000))).toBeInTheDocument();
    expect(block).toHaveTextContent(`Já recebemos ${kz(5000)} de ${kz(12500)}.`);
    expect(within(block).getByTestId("awaiting-confirmation")).toHaveTextContent(
      `${kz(2500)} registados, a aguardar a confirmação do banco.`,
    );
  });

  it("asks for no transfer when everything awaits the bank's confirmation", async () => {
    standInShopApi({ "POST /api/order/userorders": () => ({ success: true, orders: [order({ amountAwaitingConfirmation: 12500 })] }) });
    renderShop(`/confirmacaotransferencia?orderId=${ORDER_ID}`, signedIn());
    const settled = await screen.findByTestId("order-settled", {}, SKELETON_WAIT);
    expect(settled).toHaveTextContent("Não falta transferir nada: o pagamento aguarda a confirmação do banco.");
    expect(within(settled).getByTestId("awaiting-confirmation")).toHaveTextContent(`${kz(12500)} registados`);
    expect(screen.queryByTestId("amount-to-pay")).toBeNull();
  });

  it("without an order id, signed out, or for an order not found: the thank-you page with the bank details", async () => {
    const calls = standInShopApi({ "POST /api/order/userorders": () => ({ success: true, orders: [] }) });
    const cases: [string, ReturnType<typeof signedIn> | undefined, number][] = [
      ["/confirmacaotransferencia", signedIn(), 0],
      [`/confirmacaotransferencia?orderId=${ORDER_ID}`, undefined, 0],
      [`/confirmacaotransferencia?orderId=${ORDER_ID}`, signedIn(), 1],
    ];
    for (const [path, opts, lookups] of cases) {
      calls.length = 0;
      const { unmount } = renderShop(path, opts);
      expect(await screen.findByText("Obrigado por fazer a sua encomenda conosco!", {}, SKELETON_WAIT)).toBeInTheDocument();
      for (const v of ["Banco Exemplo", "Loja Lda", "123456789", IBAN]) expect(screen.getByText(v)).toBeInTheDocument();
      for (const name of ["Copiar Banco", "Copiar Titular da conta", "Copiar Número da conta", "Copiar IBAN"])
        expect(screen.getByRole("button", { name })).toBeInTheDocument();
      expect(screen.getByRole("link", { name: "Ver a Encomenda" })).toHaveAttribute("href", "/orders");
      expect(screen.queryByTestId("amount-to-pay"), path).toBeNull();
      expect(screen.queryByLabelText("Enviar comprovativo"), path).toBeNull();
      expect(userOrdersCalls(calls), path).toHaveLength(lookups);
      unmount();
    }
  }, 40_000);

  /** No bank block, copy button, reference or proof upload: nothing on the page asks for money. */
  const asksForNothing = () => {
    for (const id of ["bank-details", "multicaixa", "amount-to-pay", "deadline"]) expect(screen.queryByTestId(id), id).toBeNull();
    expect(screen.queryByRole("button", { name: /^Copiar/ })).toBeNull();
    expect(screen.queryByLabelText("Enviar comprovativo")).toBeNull();
    expect(screen.queryByText("LJ4KX7PQM")).toBeNull();
  };

  it("says a paid order is paid, with its status, and asks for no transfer", async () => {
    const paid = order({ status: "Em Preparação", payment: true, amountPaid: 12500, paymentState: "paid", multicaixa: MCX });
    standInShopApi({ "POST /api/order/userorders": () => ({ success: true, orders: [paid] }) });
    renderShop(`/confirmacaotransferencia?orderId=${ORDER_ID}`, signedIn());
    expect(await screen.findByRole("heading", { name: "Pedido #ABCDEF pago" }, SKELETON_WAIT)).toBeInTheDocument();
    expect(screen.getByTestId("order-settled")).toHaveTextContent("Estado: Em Preparação");
    asksForNothing();
    expect(screen.getByRole("link", { name: "Ver a Encomenda" })).toHaveAttribute("href", "/orders");
  });

  it("says a cancelled order is cancelled and why, asks for nothing, and puts its items back in the cart", async () => {
    const cancelled = (cancellation: Order["cancellation"]) =>
      order({ status: "Cancelado", cancellation, multicaixa: MCX, paymentDeadline: "2026-11-25T15:30:00.000Z" });
    const cases: [Order["cancellation"], string][] = [
      [
        { by: "deadline", reason: "prazo de pagamento expirado", at: "2026-11-25T15:30:10.000Z" },
        "O prazo de pagamento terminou a 25/11/2026 às 16:30 (hora de Angola) sem o pagamento recebido, e o pedido foi cancelado.",
      ],
      [{ by: "shop", reason: "Produto sem stock", at: null }, "A loja cancelou este pedido. Motivo: Produto sem stock"],
      [{ by: "shopper", reason: "Pagamento por cartão não concluído", at: null }, "O pagamento por cartão não foi concluído"],
    ];
    for (const [cancellation, why] of cases) {
      standInShopApi({ "POST /api/order/userorders": () => ({ success: true, orders: [cancelled(cancellation)] }) });
      const { unmount } = renderShop(`/confirmacaotransferencia?orderId=${ORDER_ID}`, signedIn());
      expect(await screen.findByRole("heading", { name: "Pedido #ABCDEF cancelado" }, SKELETON_WAIT)).toBeInTheDocument();
      expect(screen.getByTestId("order-cancelled")).toHaveTextContent(why);
      asksForNothing();
      unmount();
    }

    const calls = standInShopApi({
      "POST /api/order/userorders": () => ({ success: true, orders: [cancelled(cases[0]![0])] }),
      "POST /api/cart/update": () => ({ success: true }),
    });
    const { pathname } = renderShop(`/confirmacaotransferencia?orderId=${ORDER_ID}`, { products: catalogue(1), ...signedIn() });
    fireEvent.click(await screen.findByRole("button", { name: "Encomendar de novo" }, SKELETON_WAIT));
    await waitFor(() => expect(pathname()).toBe("/cart"));
    // The same product, size and quantity; the cart prices it from the catalogue as it is now.
    expect(calls.filter((c) => c.path === "/api/cart/update").map((c) => c.body)).toEqual([{ itemId: "p1", size: "M", quantity: 1 }]);
  }, 40_000);

  it("refuses a proof over 10 MB before sending it, with shared's message", async () => {
    const calls = standInShopApi({ "POST /api/order/userorders": () => ({ success: true, orders: [order()] }) });
    renderShop(`/confirmacaotransferencia?orderId=${ORDER_ID}`, signedIn());
    const input = await screen.findByLabelText("Enviar comprovativo", {}, SKELETON_WAIT);
    expect(input).toHaveAttribute("accept", "image/jpeg,image/png,image/webp,image/gif,application/pdf");
    const big = new File(["%PDF-"], "extrato.pdf", { type: "application/pdf" });
    Object.defineProperty(big, "size", { value: MAX_ATTACHMENT_BYTES + 1 });
    await act(async () => fireEvent.change(input, { target: { files: [big] } }));
    expect(await screen.findByTestId("proof-error")).toHaveTextContent(ATTACHMENT_TOO_LARGE);
    expect(screen.getByTestId("proof-error")).toHaveAttribute("role", "alert");
    expect(calls.some((c) => c.path === "/api/order/proof")).toBe(false);
  });

  it("sends a proof as multipart with the order id and the file, then shows it 'Em análise'", async () => {
    const file = new File(["%PDF-1.4 comprovativo"], "comprovativo.pdf", { type: "application/pdf" });
    const proof = {
      _id: "proof1",
      url: "/media/proof1",
      type: "pdf",
      fileName: "comprovativo.pdf",
      status: "pending",
      reason: null,
      createdAt: new Date().toISOString(),
    };
    const calls = standInShopApi({
      "POST /api/order/userorders": () => ({ success: true, orders: [order()] }),
      "POST /api/order/proof": () => ({ success: true, proof }),
    });
    renderShop(`/confirmacaotransferencia?orderId=${ORDER_ID}`, signedIn());
    const input = await screen.findByLabelText("Enviar comprovativo", {}, SKELETON_WAIT);
    await act(async () => fireEvent.change(input, { target: { files: [file] } }));

    const proofs = await screen.findByTestId("proofs");
    expect(within(proofs).getByText("comprovativo.pdf")).toHaveAttribute("href", "/media/proof1");
    expect(within(proofs).getByText("Em análise")).toBeInTheDocument();
    const sent = calls.filter((c) => c.path === "/api/order/proof");
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe("POST");
    const form = sent[0]?.body;
    expect(form).toBeInstanceOf(FormData);
    expect((form as FormData).get("orderId")).toBe(ORDER_ID);
    expect((form as FormData).get("file")).toBeInstanceOf(File);
    expect(((form as FormData).get("file") as File).name).toBe("comprovativo.pdf");
    expect(screen.queryByTestId("proof-error")).toBeNull();
  });

  it("shows the server's refusal of a proof, and a refused proof's reason", async () => {
    const refused = {
      _id: "proof0",
      url: "/media/proof0",
      type: "image",
      fileName: "foto.jpg",
      status: "refused",
      reason: "O valor não corresponde ao pedido",
      createdAt: new Date().toISOString(),
    };
    standInShopApi({
      "POST /api/order/userorders": () => ({ success: true, orders: [order({ proofs: [refused as Order["proofs"][number]] })] }),
      "POST /api/order/proof": () => ({ status: 415, body: { success: false, message: "Tipo de ficheiro não suportado" } }),
    });
    renderShop(`/confirmacaotransferencia?orderId=${ORDER_ID}`, signedIn());
    const proofs = await screen.findByTestId("proofs", {}, SKELETON_WAIT);
    expect(within(proofs).getByText("Recusado")).toBeInTheDocument();
    expect(within(proofs).getByText("Motivo: O valor não corresponde ao pedido")).toBeInTheDocument();
    await act(async () =>
      fireEvent.change(screen.getByLabelText("Enviar comprovativo"), {
        target: { files: [new File(["x"], "a.txt", { type: "text/plain" })] },
      }),
    );
    expect(await screen.findByTestId("proof-error")).toHaveTextContent("Tipo de ficheiro não suportado");
  });
});

describe("/orders and the money path", { timeout: 20_000 }, () => {
  const orders = [
    order({ _id: "unpaid0000000000000000a1" }),
    order({
      _id: "partly0000000000000000b2",
      amountPaid: 5000,
      paymentState: "partial",
      createdAt: new Date(Date.now() - 2 * HOUR).toISOString(),
    }),
    order({
      _id: "expired000000000000000c3",
      paymentDeadline: new Date(Date.now() - HOUR).toISOString(),
      createdAt: new Date(Date.now() - 3 * HOUR).toISOString(),
    }),
    order({
      _id: "stripe0000000000000000d4",
      paymentMethod: "stripe",
      paymentReference: null,
      paymentDeadline: null,
      createdAt: new Date(Date.now() - 4 * HOUR).toISOString(),
    }),
    order({
      _id: "paid000000000000000000e5",
      status: "Em Preparação",
      payment: true,
      amountPaid: 12500,
      paymentState: "paid",
      createdAt: new Date(Date.now() - 5 * HOUR).toISOString(),
    }),
  ];

  it("offers Pagar only on unpaid bank-transfer orders, with their payment state, what is left and the time left", async () => {
    standInShopApi({ "POST /api/order/userorders": () => ({ success: true, orders }) });
    renderShop("/orders", signedIn());
    const cards = await screen.findAllByTestId("order");
    expect(cards).toHaveLength(5);
    const [unpaid, partly, expired, stripe, paid] = cards as [HTMLElement, HTMLElement, HTMLElement, HTMLElement, HTMLElement];

    expect(within(unpaid).getByText("Pedido #0000A1")).toBeInTheDocument();
    expect(within(unpaid).getByRole("link", { name: "Pagar o pedido #0000A1" })).toHaveAttribute(
      "href",
      "/confirmacaotransferencia?orderId=unpaid0000000000000000a1",
    );
    expect(within(unpaid).getByTestId("order-payment")).toHaveTextContent("Por pagar");
    expect(within(unpaid).getByTestId("order-payment")).toHaveTextContent("faltam 1 dia e 3 h");
    // Each order can be taken to the shop's WhatsApp, the order named.
    expect(within(unpaid).getByRole("link", { name: "Falar no WhatsApp sobre o pedido #0000A1" })).toHaveAttribute(
      "href",
      `https://wa.me/244923000001?text=${encodeURIComponent("Olá! Escrevo sobre o pedido #0000A1.")}`,
    );

    expect(within(partly).getByRole("link", { name: /^Pagar/ })).toHaveAttribute(
      "href",
      "/confirmacaotransferencia?orderId=partly0000000000000000b2",
    );
    expect(within(partly).getByTestId("order-payment")).toHaveTextContent(`Pago em parte · Falta pagar ${kz(7500)}`);

    expect(within(expired).getByText("Prazo expirado")).toBeInTheDocument();

    for (const card of [stripe, paid]) {
      expect(within(card).queryByRole("link", { name: /^Pagar/ })).toBeNull();
      expect(within(card).queryByTestId("order-payment")).toBeNull();
    }
    // The contract's fields stay on every order.
    for (const card of cards) {
      expect(within(card).getByTestId("status-dot")).toBeInTheDocument();
      expect(within(card).getByText(`Total: ${kz(12500)}`)).toBeInTheDocument();
      expect(within(card).getByRole("link", { name: "Mensagem" })).toBeInTheDocument();
    }
  });

  // Issue 39: money support recorded from a proof counts only once the bank confirms it; the shopper sees both.
  it("tells what the shop received from what awaits the bank's confirmation, and asks only for the rest", async () => {
    const waiting = [
      order({
        _id: "waiting000000000000000f6",
        amountPaid: 5000,
        paymentState: "partial",
        amountAwaitingConfirmation: 2500,
      }),
      order({
        _id: "allsent000000000000000g7",
        amountAwaitingConfirmation: 12500,
        createdAt: new Date(Date.now() - 2 * HOUR).toISOString(),
      }),
    ];
    standInShopApi({ "POST /api/order/userorders": () => ({ success: true, orders: waiting }) });
    renderShop("/orders", signedIn());
    const [part, all] = (await screen.findAllByTestId("order")) as [HTMLElement, HTMLElement];
    expect(within(part).getByTestId("order-payment")).toHaveTextContent(`Pago em parte · Falta pagar ${kz(5000)}`);
    expect(within(part).getByTestId("awaiting-confirmation")).toHaveTextContent(
      `${kz(2500)} registados, a aguardar a confirmação do banco.`,
    );
    // Everything was sent: nothing more to pay, the order still unpaid until the bank confirms it.
    expect(within(all).queryByRole("link", { name: /^Pagar/ })).toBeNull();
    expect(within(all).getByTestId("order-payment")).toHaveTextContent("Por pagar");
    expect(within(all).getByTestId("awaiting-confirmation")).toHaveTextContent(`${kz(12500)} registados`);
  });

  it("shows a refused proof's reason on the order", async () => {
    const refused = {
      _id: "proof0",
      url: "/media/proof0",
      type: "image" as const,
      fileName: "foto.jpg",
      status: "refused" as const,
      reason: "Comprovativo ilegível",
      createdAt: new Date().toISOString(),
    };
    standInShopApi({ "POST /api/order/userorders": () => ({ success: true, orders: [order({ proofs: [refused] })] }) });
    renderShop("/orders", signedIn());
    const payment = await screen.findByTestId("order-payment");
    expect(payment).toHaveTextContent("Comprovativo: Recusado · Motivo: Comprovativo ilegível");
  });

  it("refetches the list live when the shop posts about one of the shopper's orders", async () => {
    const realtime = new StandInRealtime();
    let current = [order()];
    const calls = standInShopApi({ "POST /api/order/userorders": () => ({ success: true, orders: current }) });
    renderShop("/orders", signedIn(realtime));
    expect(await screen.findByRole("link", { name: "Pagar o pedido #ABCDEF" })).toBeInTheDocument();
    expect(userOrdersCalls(calls)).toHaveLength(1);

    const shopMessage = {
      _id: "m1",
      orderId: ORDER_ID,
      sender: "shop",
      text: "O estado do pedido mudou para: Pagamento Confirmado",
      fileUrl: null,
      type: null,
      fileName: null,
      createdAt: new Date().toISOString(),
    };
    // About someone else's order (or one not listed): nothing to refetch.
    act(() => realtime.emit({ type: "newMessage", orderId: "not-mine", message: { ...shopMessage, orderId: "not-mine" } }));
    current = [order({ status: "Pagamento Confirmado", payment: true, amountPaid: 12500, paymentState: "paid" })];
    act(() => realtime.emit({ type: "newMessage", orderId: ORDER_ID, message: shopMessage }));
    await waitFor(() => expect(screen.queryByRole("link", { name: /^Pagar/ })).toBeNull());
    expect(screen.getByText(/Pagamento Confirmado/)).toBeInTheDocument();
    expect(userOrdersCalls(calls)).toHaveLength(2);
  });
});

describe("chat and the shop's own messages", { timeout: 20_000 }, () => {
  // jsdom has no element scrolling; the chat scrolls its list to the newest message.
  beforeAll(() => {
    Element.prototype.scrollTo ??= () => {};
  });

  it("shows a message from the shop as Suporte", async () => {
    const messages = [
      {
        _id: "m1",
        orderId: ORDER_ID,
        sender: "client",
        text: "Já paguei",
        fileUrl: null,
        type: null,
        fileName: null,
        createdAt: new Date().toISOString(),
      },
      {
        _id: "m2",
        orderId: ORDER_ID,
        sender: "shop",
        text: "Recebemos 12 500,00 kz (ref. LJ4KX7PQM). Pagamento confirmado.",
        fileUrl: null,
        type: null,
        fileName: null,
        createdAt: new Date().toISOString(),
      },
    ];
    standInShopApi({ [`GET /api/message/${ORDER_ID}`]: () => ({ success: true, messages }) });
    renderShop(`/message/${ORDER_ID}`, signedIn());
    const bubbles = await screen.findAllByTestId("chat-message", {}, SKELETON_WAIT);
    expect(bubbles).toHaveLength(2);
    expect(bubbles[0]).toHaveTextContent("Cliente");
    expect(bubbles[1]).toHaveTextContent("Suporte");
    expect(bubbles[1]).toHaveTextContent("Pagamento confirmado.");
  });
});
