// The order chat as a finished screen: the order's id and status in the header, a time on each
// message, a friendly empty state, a styled attach button with the picked file shown, one sending state on the
// message itself, the server's own reason when it refuses, and PDFs that open fitting the screen.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { ATTACHMENT_TOO_LARGE, MAX_ATTACHMENT_BYTES } from "../../shared/chat.ts";
import { formatMessageTime } from "../../shared/dates.ts";
import { MCX_EXPRESS_INVALID_PHONE } from "../../shared/mcx-express.ts";
import { fitZoom, stepZoom } from "../../storefront/features/pdf/zoom.ts";
import { withLoaded, type ChatMessage } from "../../storefront/features/chat/types.ts";
import { renderShop } from "./harness.tsx";
import { standInShopApi, StandInRealtime, type ApiCall } from "./shop-api-stand-in.ts";

const ORDER_ID = "665f1c2a9b1e4a0012ab12cd";
const WAIT = { timeout: 10_000 };
const MINUTE = 60_000;
const EMPTY = "Ainda não há mensagens. Escreva-nos: respondemos normalmente em menos de 1 hora, das 8h às 20h.";
const signedIn = { session: { token: "t" } };

const message = (n: number, over: Record<string, unknown> = {}) => ({
  _id: `m${n}`,
  orderId: ORDER_ID,
  sender: "client",
  text: `Mensagem ${n}`,
  fileUrl: null,
  type: null,
  fileName: null,
  createdAt: new Date().toISOString(),
  ...over,
});

/** The chat's one read: its messages and the order's status (for the header). */
const chatRoutes = (messages: unknown[], status: string | (() => string) = "Aguardando Pagamento") => ({
  [`GET /api/message/${ORDER_ID}`]: () => ({ success: true, messages, status: typeof status === "function" ? status() : status }),
});

const sends = (calls: ApiCall[]) => calls.filter((c) => c.method === "POST" && c.path === "/api/message/send");

/** Holds every answer to /api/message/send until `release` is called (a slow 3G upload); counts the sends. */
function holdSends() {
  const inner = globalThis.fetch;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held = { count: 0, release: () => release() };
  vi.stubGlobal("fetch", async (path: string, init?: RequestInit) => {
    if (path === "/api/message/send") {
      held.count++;
      await gate;
    }
    return inner(path, init);
  });
  return held;
}

const pick = (file: File) => fireEvent.change(screen.getByLabelText("Anexar ficheiro"), { target: { files: [file] } });
const type = (text: string) => fireEvent.change(screen.getByRole("textbox", { name: "Digite sua mensagem" }), { target: { value: text } });
const send = () => fireEvent.click(screen.getByRole("button", { name: "Enviar" }));

beforeAll(() => {
  // jsdom has no element scrolling; the chat scrolls its list to the newest message.
  Element.prototype.scrollTo ??= () => {};
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("message times", () => {
  // 23/11/2026 14:05 in Luanda (UTC+1 all year).
  const now = Date.UTC(2026, 10, 23, 13, 5);
  it("say today, yesterday or the day, in Luanda's time whatever the phone's zone", () => {
    expect(formatMessageTime(new Date(now).toISOString(), now)).toBe("hoje 14:05");
    // 23:30 UTC on the 22nd is already 00:30 on the 23rd in Luanda.
    expect(formatMessageTime("2026-11-22T23:30:00Z", now)).toBe("hoje 00:30");
    expect(formatMessageTime("2026-11-22T08:12:00Z", now)).toBe("ontem 09:12");
    expect(formatMessageTime("2026-11-12T15:40:00Z", now)).toBe("12/11 16:40");
    expect(formatMessageTime("2025-12-31T22:59:00Z", now)).toBe("31/12/2025 23:59");
    expect(formatMessageTime("não é uma data", now)).toBe("");
  });
});

describe("a load answering after a send", () => {
  it("keeps the message sent meanwhile (the answer left before it) and repeats none", () => {
    const [one, two, sent] = [message(1), message(2), message(3)] as ChatMessage[];
    expect(withLoaded([one!, two!], [one!, sent!]).map((m) => m._id)).toEqual(["m1", "m2", "m3"]);
    expect(withLoaded([one!, two!, sent!], [one!, sent!]).map((m) => m._id)).toEqual(["m1", "m2", "m3"]);
    expect(withLoaded([one!], null).map((m) => m._id)).toEqual(["m1"]);
  });
});

describe("PDF zoom fitted to the screen", () => {
  it("starts at 1.2 where the page fits, else at the zoom that fits the width", () => {
    // An A4 page is 595 pt wide at zoom 1.
    expect(fitZoom(595, 1200)).toBe(1.2);
    expect(595 * fitZoom(595, 340)).toBeLessThanOrEqual(340);
    expect(fitZoom(595, 0)).toBe(1.2);
  });

  it("steps by 0.2 from the fitted zoom, never below a fitted zoom under 0.6", () => {
    expect(stepZoom(0.57, 1)).toBe(0.8);
    expect(stepZoom(0.57, -1)).toBe(0.57);
    expect(stepZoom(0.83, -1)).toBe(0.6);
    expect(stepZoom(0.6, -1)).toBe(0.6);
  });
});

describe("/message/{orderId}", { timeout: 30_000 }, () => {
  it("names the order by its short id and shows its status in the header", async () => {
    const calls = standInShopApi(chatRoutes([], "Pagamento Confirmado"));
    renderShop(`/message/${ORDER_ID}`, signedIn);
    const header = await screen.findByTestId("chat-order", {}, WAIT);
    expect(header).toHaveTextContent("Pedido #AB12CD");
    await waitFor(() => expect(header).toHaveTextContent("Pedido #AB12CD · Pagamento Confirmado"), WAIT);
    // The status came with the messages: the shopper's orders are not read for it.
    expect(calls.map((c) => `${c.method} ${c.path}`).filter((c) => c !== "POST /api/cart/get")).toEqual([`GET /api/message/${ORDER_ID}`]);
  });

  it("follows the status live when the shop posts about the order", async () => {
    let status = "Aguardando Pagamento";
    standInShopApi(chatRoutes([], () => status));
    const realtime = new StandInRealtime();
    renderShop(`/message/${ORDER_ID}`, { session: { token: "t", realtime: realtime.client } });
    const header = await screen.findByTestId("chat-order", {}, WAIT);
    await waitFor(() => expect(header).toHaveTextContent("· Aguardando Pagamento"), WAIT);
    status = "Pagamento Confirmado";
    act(() =>
      realtime.emit({ type: "newMessage", orderId: ORDER_ID, message: message(2, { sender: "shop", text: "Pagamento confirmado." }) }),
    );
    await waitFor(() => expect(header).toHaveTextContent("Pedido #AB12CD · Pagamento Confirmado"), WAIT);
  });

  it("shows when each message was sent", async () => {
    const earlier = new Date(Date.now() - 3 * MINUTE).toISOString();
    standInShopApi(chatRoutes([message(1, { createdAt: earlier })]));
    renderShop(`/message/${ORDER_ID}`, signedIn);
    const [bubble] = await screen.findAllByTestId("chat-message", {}, WAIT);
    const time = bubble!.querySelector("time");
    expect(time).toHaveAttribute("dateTime", earlier);
    expect(time).toHaveTextContent(formatMessageTime(earlier));
    expect(time!.textContent).toMatch(/^(hoje|ontem) \d\d:\d\d$/);
  });

  it("says when support answers instead of an empty box, until there is a message", async () => {
    standInShopApi(chatRoutes([]));
    renderShop(`/message/${ORDER_ID}`, signedIn);
    expect(await screen.findByText(EMPTY, {}, WAIT)).toBeInTheDocument();
  });

  it("attaches through a paperclip button, shows the file's name and size, and removes it", async () => {
    standInShopApi(chatRoutes([]));
    renderShop(`/message/${ORDER_ID}`, signedIn);
    await screen.findByText(EMPTY, {}, WAIT);
    const input = screen.getByLabelText("Anexar ficheiro");
    // The raw input is out of sight inside its styled label; it takes images and PDFs (phones offer camera and photos).
    expect(input).toHaveClass("visually-hidden");
    expect(input.closest("label")).toHaveClass("attach-btn");
    expect(input.closest("label")!.querySelector("svg")).not.toBeNull();
    expect(input).toHaveAttribute("accept", expect.stringContaining("image/jpeg"));
    expect(input).toHaveAttribute("accept", expect.stringContaining("application/pdf"));

    pick(new File([new Uint8Array(2.5 * 1024 * 1024)], "talao.jpg", { type: "image/jpeg" }));
    const chip = screen.getByTestId("picked-file");
    expect(chip).toHaveTextContent("talao.jpg");
    expect(chip).toHaveTextContent("2,5 MB");
    fireEvent.click(within(chip).getByRole("button", { name: "Remover anexo talao.jpg" }));
    expect(screen.queryByTestId("picked-file")).toBeNull();
  });

  it("refuses a file over 10 MB before sending it, with the server's message", async () => {
    const calls = standInShopApi(chatRoutes([]));
    renderShop(`/message/${ORDER_ID}`, signedIn);
    await screen.findByText(EMPTY, {}, WAIT);
    pick(new File([new Uint8Array(MAX_ATTACHMENT_BYTES + 1)], "video.jpg", { type: "image/jpeg" }));
    expect(screen.getByText(ATTACHMENT_TOO_LARGE)).toHaveAttribute("role", "alert");
    expect(screen.queryByTestId("picked-file")).toBeNull();
    send();
    expect(sends(calls)).toHaveLength(0);
  });

  it("shows a message being sent on the message itself, once, then as sent with its time", async () => {
    const calls = standInShopApi({
      ...chatRoutes([]),
      "POST /api/message/send": () => ({ success: true, message: message(9, { text: "Já paguei" }) }),
    });
    renderShop(`/message/${ORDER_ID}`, signedIn);
    // After rendering: the harness replaces a fetch that is not its stand-in.
    const held = holdSends();
    await screen.findByText(EMPTY, {}, WAIT);
    type("Já paguei");
    send();
    const pending = screen.getByTestId("chat-outgoing");
    expect(pending).toHaveTextContent("Já paguei");
    expect(pending).toHaveTextContent("Enviando mensagem...");
    expect(screen.getByRole("textbox", { name: "Digite sua mensagem" })).toHaveValue("");
    // A second tap finds nothing to send.
    send();
    await waitFor(() => expect(held.count).toBe(1));
    expect(screen.getAllByText("Enviando mensagem...")).toHaveLength(1);
    held.release();
    const sent = await screen.findByTestId("chat-message", {}, WAIT);
    expect(sent).toHaveTextContent("Já paguei");
    expect(sent.querySelector("time")).not.toBeNull();
    expect(screen.queryByTestId("chat-outgoing")).toBeNull();
    expect(screen.queryByText("Enviando mensagem...")).toBeNull();
    expect(sends(calls)).toHaveLength(1);
  });

  it("shows a message once when the socket brings it back before the send's answer, and as failed if the send fails", async () => {
    let fail = false;
    standInShopApi({
      ...chatRoutes([]),
      "POST /api/message/send": () =>
        fail
          ? { status: 500, body: { success: false, message: "Erro interno" } }
          : { success: true, message: message(9, { text: "Já paguei" }) },
    });
    const realtime = new StandInRealtime();
    renderShop(`/message/${ORDER_ID}`, { session: { token: "t", realtime: realtime.client } });
    const held = holdSends();
    await screen.findByText(EMPTY, {}, WAIT);
    type("Já paguei");
    send();
    await waitFor(() => expect(held.count).toBe(1));
    // The server stored it and told the order's room (this phone too) before its answer reached the phone.
    act(() => realtime.emit({ type: "newMessage", orderId: ORDER_ID, message: message(9, { text: "Já paguei" }) }));
    expect(screen.getAllByText("Já paguei")).toHaveLength(1);
    expect(screen.queryByTestId("chat-outgoing")).toBeNull();
    held.release();
    await waitFor(() => expect(screen.getByTestId("chat-message")).toHaveTextContent("Já paguei"), WAIT);
    expect(screen.getAllByText("Já paguei")).toHaveLength(1);

    // The same words from another of the shopper's phones while this one's send fails: this one shows as failed.
    fail = true;
    type("Ok");
    send();
    act(() => realtime.emit({ type: "newMessage", orderId: ORDER_ID, message: message(10, { text: "Ok" }) }));
    const failed = await screen.findByTestId("chat-outgoing", {}, WAIT);
    await waitFor(() => expect(within(failed).getByRole("alert")).toHaveTextContent("Erro ao enviar mensagem"), WAIT);
    expect(screen.getAllByText("Ok")).toHaveLength(2);
  });

  it("shows the server's reason on a refused message, and sends it again on 'Tentar de novo'", async () => {
    let refuse = true;
    const calls = standInShopApi({
      ...chatRoutes([]),
      "POST /api/message/send": () =>
        refuse
          ? { status: 413, body: { success: false, message: ATTACHMENT_TOO_LARGE } }
          : { success: true, message: message(9, { text: "Segue o talão", fileUrl: "/media/x", type: "image" }) },
    });
    renderShop(`/message/${ORDER_ID}`, signedIn);
    await screen.findByText(EMPTY, {}, WAIT);
    type("Segue o talão");
    pick(new File([new Uint8Array(1024)], "talao.png", { type: "image/png" }));
    send();
    const failed = await screen.findByTestId("chat-outgoing");
    await waitFor(() => expect(within(failed).getByRole("alert")).toHaveTextContent(`Erro ao enviar mensagem: ${ATTACHMENT_TOO_LARGE}`));
    const sent = sends(calls)[0]!.body as FormData;
    expect(sent.get("text")).toBe("Segue o talão");
    expect((sent.get("file") as File).name).toBe("talao.png");

    refuse = false;
    fireEvent.click(within(failed).getByRole("button", { name: "Tentar de novo" }));
    const delivered = await screen.findByTestId("chat-message", {}, WAIT);
    expect(delivered).toHaveTextContent("Segue o talão");
    expect(screen.queryByTestId("chat-outgoing")).toBeNull();
    expect(sends(calls)).toHaveLength(2);
    expect(((sends(calls)[1]!.body as FormData).get("file") as File).name).toBe("talao.png");
  });

  it("says 'Erro ao enviar mensagem' alone when the network fails, and drops the message on 'Apagar'", async () => {
    standInShopApi(chatRoutes([]));
    renderShop(`/message/${ORDER_ID}`, signedIn);
    const inner = globalThis.fetch;
    vi.stubGlobal("fetch", (path: string, init?: RequestInit) =>
      path === "/api/message/send" ? Promise.reject(new TypeError("offline")) : inner(path, init),
    );
    await screen.findByText(EMPTY, {}, WAIT);
    type("Olá");
    send();
    const failed = await screen.findByTestId("chat-outgoing");
    await waitFor(() => expect(within(failed).getByRole("alert")).toHaveTextContent("Erro ao enviar mensagem"));
    expect(within(failed).getByText(/^Erro ao enviar mensagem/)).toHaveTextContent(/^Erro ao enviar mensagem$/);
    fireEvent.click(within(failed).getByRole("button", { name: "Apagar" }));
    expect(screen.queryByTestId("chat-outgoing")).toBeNull();
    expect(screen.getByText(EMPTY)).toBeInTheDocument();
  });
});

describe("a payment request's card", { timeout: 30_000 }, () => {
  const request = (over: Record<string, unknown> = {}) => ({
    id: "req1",
    amount: 8000,
    reason: "Entrega para a Huíla",
    status: "open",
    expiresAt: new Date(Date.now() + 48 * 60 * MINUTE).toISOString(),
    reference: "LJ7Q4MXP2",
    multicaixa: null,
    createdBy: "Suporte",
    createdAt: new Date().toISOString(),
    closedAt: null,
    mcxExpress: { charge: null },
    ...over,
  });

  it("offers Multicaixa Express: charges the request to the mobile, waits for the approval, and reads 'Pago' when the outcome comes live", async () => {
    const expiresAt = new Date(Date.now() + 90_000).toISOString();
    const pending = {
      chargeId: "ch1",
      status: "pending",
      message: null,
      phoneNumber: "923 456 789",
      amount: 8000,
      expiresAt,
      createdAt: expiresAt,
    };
    let current = request();
    const calls = standInShopApi({
      [`GET /api/message/${ORDER_ID}`]: () => ({
        success: true,
        messages: [message(1, { sender: "shop", text: "Pedido de pagamento · 8 000,00 kz", paymentRequestId: "req1" })],
        status: "Pagamento Confirmado",
        paymentRequests: [current],
      }),
      "POST /api/order/mcx-express": () => {
        current = request({ mcxExpress: { charge: pending } });
        return { success: true, chargeId: "ch1", status: "pending", expiresAt };
      },
    });
    const realtime = new StandInRealtime();
    renderShop(`/message/${ORDER_ID}`, { session: { token: "t", realtime: realtime.client } });
    const card = await screen.findByTestId("payment-request", {}, WAIT);
    fireEvent.click(within(card).getByRole("button", { name: "Pagar" }));
    fireEvent.change(within(card).getByLabelText("Telemóvel com Multicaixa Express"), { target: { value: "923 456 789" } });
    fireEvent.click(within(card).getByRole("button", { name: "Pagar com Multicaixa Express" }));
    await within(card).findByText("Aprove o pagamento na app Multicaixa Express", {}, WAIT);
    // As on the payment page (one component for both): the amount, the mobile and the 90 s countdown.
    expect(within(card).getByTestId("mcx-wait")).toHaveTextContent(/Enviámos o pedido de 8\s?000,00 kz para o 923 456 789\./);
    expect(within(card).getByTestId("mcx-countdown")).toHaveTextContent(/^\d+ s$/);
    expect(calls.find((c) => c.path === "/api/order/mcx-express")!.body).toEqual({
      orderId: ORDER_ID,
      phoneNumber: "923 456 789",
      paymentRequestId: "req1",
    });

    current = request({ status: "paid", mcxExpress: { charge: { ...pending, status: "paid" } } });
    act(() => realtime.emit({ type: "chargeSettled", orderId: ORDER_ID, chargeId: "ch1", status: "paid" }));
    await waitFor(() => expect(screen.getByTestId("payment-request")).toHaveAttribute("data-status", "paid"), WAIT);
    expect(screen.getByTestId("payment-request")).toHaveTextContent("Pago");
  });

  it("a declined charge shows why, and 'Tentar de novo' checks the mobile as the payment page does", async () => {
    const declined = {
      chargeId: "ch2",
      status: "failed",
      message: "Recusou o pagamento na app Multicaixa Express.",
      phoneNumber: "923 456 789",
      amount: 8000,
      expiresAt: new Date().toISOString(),
      createdAt: new Date().toISOString(),
    };
    standInShopApi({
      [`GET /api/message/${ORDER_ID}`]: () => ({
        success: true,
        messages: [message(1, { sender: "shop", text: "Pedido de pagamento · 8 000,00 kz", paymentRequestId: "req1" })],
        status: "Pagamento Confirmado",
        paymentRequests: [request({ mcxExpress: { charge: declined } })],
      }),
    });
    renderShop(`/message/${ORDER_ID}`, { session: { token: "t", realtime: null } });
    const card = await screen.findByTestId("payment-request", {}, WAIT);
    fireEvent.click(within(card).getByRole("button", { name: "Pagar" }));
    expect(within(card).getByTestId("mcx-reason")).toHaveTextContent("Recusou o pagamento na app Multicaixa Express.");
    fireEvent.change(within(card).getByLabelText("Telemóvel com Multicaixa Express"), { target: { value: "12" } });
    fireEvent.click(within(card).getByRole("button", { name: "Tentar de novo" }));
    const input = within(card).getByLabelText("Telemóvel com Multicaixa Express");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription(MCX_EXPRESS_INVALID_PHONE);
  });
});
