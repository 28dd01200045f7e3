import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { PASSWORD_HINT, PASSWORD_TOO_SHORT } from "../../shared/passwords.ts";
import { catalogue, renderShop } from "./harness.tsx";
import { standInShopApi, StandInRealtime, type ApiCall } from "./shop-api-stand-in.ts";

// Notices and the account in the storefront: the account page (against the server's account contract), the saved
// address filling checkout, unread markers on /orders, the tappable "new message" notice, and the one-line push
// offer. The browser's push machinery is a stand-in (jsdom has none); the real one is exercised in tests/e2e.

const WAIT = { timeout: 10_000 };
const ORDER_ID = "665f1c2a9b1e4a0012abcdef";
const ADDRESS = {
  firstName: "Ana",
  lastName: "Silva",
  email: "ana@example.ao",
  street: "Rua Direita 12",
  city: "Luanda",
  state: "Luanda",
  zipcode: "1000",
  country: "Angola",
  phone: "+244 923 000 000",
};
const ACCOUNT = {
  name: "Ana Silva",
  email: "ana@example.ao",
  phone: null,
  savedAddress: null,
  nif: null as string | null,
  notifyEmail: true,
  notifyPush: false,
  whatsappOptIn: false,
  smsOptIn: false,
  verifiedPhones: [] as string[],
  phoneCodeChannels: [] as ("whatsapp" | "sms")[],
};
/** The shop sends WhatsApp and SMS: a phone can be confirmed with a code. */
const CODES = { ...ACCOUNT, phoneCodeChannels: ["whatsapp", "sms"] as ("whatsapp" | "sms")[] };

const signedIn = (realtime?: StandInRealtime, setToken: (t: string) => void = () => {}) => ({
  session: { token: "t", setToken, realtime: realtime?.client ?? null },
});
const callsTo = (calls: ApiCall[], method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);

const order = (unreadMessages: number) => ({
  _id: ORDER_ID,
  createdAt: new Date().toISOString(),
  status: "Em Preparação",
  paymentMethod: "bank_transfer",
  payment: true,
  address: ADDRESS,
  subtotal: 7500,
  deliveryFee: 5000,
  totalAmount: 12500,
  items: [{ itemId: "p1", name: "Produto 1", image: ["/media/p1"], price: 7500, size: "M", quantity: 1 }],
  paymentReference: "LJ4KX7PQM",
  paymentDeadline: null,
  amountPaid: 12500,
  paymentState: "paid",
  proofs: [],
  multicaixa: null,
  unreadMessages,
});

/** The browser's push pieces, as a phone with the service worker running has them. */
function standInPush(permission: NotificationPermission, subscribed = false) {
  const subscription = {
    endpoint: "https://push.example/device-1",
    toJSON: () => ({
      endpoint: "https://push.example/device-1",
      expirationTime: null,
      keys: { p256dh: "B".repeat(87), auth: "a".repeat(22) },
    }),
    unsubscribe: vi.fn(async () => true),
  };
  let current: typeof subscription | null = subscribed ? subscription : null;
  const pushManager = {
    getSubscription: async () => current,
    subscribe: vi.fn(async (options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
      expect(options.userVisibleOnly).toBe(true);
      expect(options.applicationServerKey).toHaveLength(65);
      current = subscription;
      return subscription;
    }),
  };
  const registration = { pushManager };
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  const requestPermission = vi.fn(async () => "granted" as NotificationPermission);
  vi.stubGlobal("Notification", { permission, requestPermission });
  vi.stubGlobal("PushManager", function PushManager() {});
  return { subscription, pushManager, requestPermission };
}

/** A real P-256 public key's length, base64url: what /api/push/key answers. */
const PUBLIC_KEY = Buffer.alloc(65, 4).toString("base64url");

beforeAll(() => {
  Element.prototype.scrollTo ??= () => {};
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "serviceWorker");
  localStorage.clear();
});

describe("/account", { timeout: 20_000 }, () => {
  it("shows the name to edit and the e-mail and phone as they are, and saves the name", async () => {
    const calls = standInShopApi({
      "GET /api/user/account": () => ({ success: true, account: ACCOUNT }),
      "PATCH /api/user/account": (c) => ({ success: true, account: { ...ACCOUNT, ...(c.body as object) } }),
    });
    renderShop("/account", signedIn());
    const name = await screen.findByRole("textbox", { name: "Nome" }, WAIT);
    expect(name).toHaveValue("Ana Silva");
    expect(screen.getByRole("textbox", { name: "E-mail" })).toHaveAttribute("readonly");
    expect(screen.getByRole("textbox", { name: "E-mail" })).toHaveValue("ana@example.ao");
    expect(screen.getByRole("textbox", { name: "Telemóvel" })).toHaveAttribute("readonly");
    fireEvent.change(name, { target: { value: "  Ana M. Silva " } });
    fireEvent.click(screen.getByRole("button", { name: "GUARDAR" }));
    await waitFor(() => expect(callsTo(calls, "PATCH", "/api/user/account")).toHaveLength(1), WAIT);
    expect(callsTo(calls, "PATCH", "/api/user/account")[0]!.body).toEqual({ name: "Ana M. Silva" });
  });

  it("checks the saved address with the checkout's rules before saving it", async () => {
    const calls = standInShopApi({
      "GET /api/user/account": () => ({ success: true, account: ACCOUNT }),
      "PATCH /api/user/account": (c) => ({ success: true, account: { ...ACCOUNT, ...(c.body as object) } }),
    });
    renderShop("/account", signedIn());
    await screen.findByRole("button", { name: "GUARDAR MORADA" }, WAIT);
    const fill = {
      "Primeiro nome": "Ana",
      Sobrenome: "Silva",
      Email: "ana@example.ao",
      "Endereço da Rua": "Rua Direita 12",
      Cidade: "Luanda",
      "Código Postal": "10A0",
      País: "Angola",
      Telefone: "+244 923 000 000",
    };
    for (const [label, value] of Object.entries(fill))
      fireEvent.change(screen.getByRole("textbox", { name: label }), { target: { value } });
    fireEvent.click(screen.getByRole("button", { name: "GUARDAR MORADA" }));
    expect(await screen.findByText("Código Postal é necessário", {}, WAIT)).toBeInTheDocument();
    expect(callsTo(calls, "PATCH", "/api/user/account")).toHaveLength(0);

    fireEvent.change(screen.getByRole("textbox", { name: "Código Postal" }), { target: { value: "1000" } });
    fireEvent.click(screen.getByRole("button", { name: "GUARDAR MORADA" }));
    await waitFor(() => expect(callsTo(calls, "PATCH", "/api/user/account")).toHaveLength(1), WAIT);
    expect(callsTo(calls, "PATCH", "/api/user/account")[0]!.body).toEqual({ savedAddress: { ...ADDRESS, state: "" } });
    expect(await screen.findByRole("button", { name: "REMOVER MORADA" }, WAIT)).toBeInTheDocument();
  });

  it("says the password rule before submit, refuses a short one locally, and keeps the session with the new token", async () => {
    const setToken = vi.fn();
    const calls = standInShopApi({
      "GET /api/user/account": () => ({ success: true, account: ACCOUNT }),
      "POST /api/user/change-password": (c) =>
        (c.body as { currentPassword: string }).currentPassword === "senha-antiga-1"
          ? { success: true, token: "novo-token", message: "Palavra-passe alterada com sucesso" }
          : { status: 400, body: { success: false, message: "A palavra-passe atual está incorreta" } },
    });
    renderShop("/account", signedIn(undefined, setToken));
    await screen.findByRole("button", { name: "ALTERAR PALAVRA-PASSE" }, WAIT);
    expect(screen.getByText(PASSWORD_HINT)).toBeInTheDocument();
    const current = screen.getByLabelText("Palavra-passe atual");
    const next = screen.getByLabelText("Nova palavra-passe");

    fireEvent.change(current, { target: { value: "senha-antiga-1" } });
    fireEvent.change(next, { target: { value: "curta" } });
    fireEvent.click(screen.getByRole("button", { name: "ALTERAR PALAVRA-PASSE" }));
    // The field's own message (a toast from an earlier step may still be on screen: toasts are alerts too).
    expect(await screen.findByText(PASSWORD_TOO_SHORT, { selector: ".field-error" }, WAIT)).toHaveAttribute("role", "alert");
    expect(callsTo(calls, "POST", "/api/user/change-password")).toHaveLength(0);

    fireEvent.change(current, { target: { value: "errada-0000" } });
    fireEvent.change(next, { target: { value: "uma-senha-nova-boa" } });
    fireEvent.click(screen.getByRole("button", { name: "ALTERAR PALAVRA-PASSE" }));
    expect(await screen.findByText("A palavra-passe atual está incorreta", {}, WAIT)).toBeInTheDocument();
    expect(setToken).not.toHaveBeenCalled();

    fireEvent.change(current, { target: { value: "senha-antiga-1" } });
    fireEvent.click(screen.getByRole("button", { name: "ALTERAR PALAVRA-PASSE" }));
    expect(await screen.findByText("Palavra-passe alterada com sucesso", {}, WAIT)).toBeInTheDocument();
    expect(setToken).toHaveBeenCalledWith("novo-token");
    expect(callsTo(calls, "POST", "/api/user/change-password").at(-1)!.body).toEqual({
      currentPassword: "senha-antiga-1",
      newPassword: "uma-senha-nova-boa",
    });
    expect(current).toHaveValue("");
  });

  it("turns push on for this device (permission, subscription sent to the server) and off again", async () => {
    const push = standInPush("default");
    const calls = standInShopApi({
      "GET /api/user/account": () => ({ success: true, account: ACCOUNT }),
      "PATCH /api/user/account": (c) => ({ success: true, account: { ...ACCOUNT, ...(c.body as object) } }),
      "GET /api/push/key": () => ({ success: true, publicKey: PUBLIC_KEY }),
      "POST /api/push/subscribe": () => ({ success: true }),
      "DELETE /api/push/subscribe": () => ({ success: true }),
    });
    renderShop("/account", signedIn());
    const toggle = await screen.findByRole("checkbox", { name: /Avisos neste telemóvel/ }, WAIT);
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    expect(screen.getByRole("checkbox", { name: /Avisos por e-mail/ })).toBeChecked();

    fireEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked(), WAIT);
    expect(push.requestPermission).toHaveBeenCalledTimes(1);
    expect(callsTo(calls, "POST", "/api/push/subscribe")[0]!.body).toEqual(push.subscription.toJSON());
    expect(callsTo(calls, "PATCH", "/api/user/account").at(-1)!.body).toEqual({ notifyPush: true });

    fireEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked(), WAIT);
    expect(callsTo(calls, "DELETE", "/api/push/subscribe")[0]!.body).toEqual({ endpoint: push.subscription.endpoint });
    expect(push.subscription.unsubscribe).toHaveBeenCalled();
    // Only this device: the account's choice (other phones) stays.
    expect(callsTo(calls, "PATCH", "/api/user/account")).toHaveLength(1);
  });

  it("turns WhatsApp and SMS updates on and off for the account; both start off", async () => {
    const calls = standInShopApi({
      "GET /api/user/account": () => ({ success: true, account: ACCOUNT }),
      "PATCH /api/user/account": (c) => ({ success: true, account: { ...ACCOUNT, ...(c.body as object) } }),
    });
    renderShop("/account", signedIn());
    const whatsapp = await screen.findByRole("checkbox", { name: /Receber avisos do pedido no WhatsApp/ }, WAIT);
    const sms = screen.getByRole("checkbox", { name: "Receber avisos do pedido por SMS" });
    expect(whatsapp).not.toBeChecked();
    expect(sms).not.toBeChecked();
    fireEvent.click(whatsapp);
    await waitFor(() => expect(whatsapp).toBeChecked(), WAIT);
    expect(callsTo(calls, "PATCH", "/api/user/account").at(-1)!.body).toEqual({ whatsappOptIn: true });
    fireEvent.click(sms);
    await waitFor(() => expect(sms).toBeChecked(), WAIT);
    expect(callsTo(calls, "PATCH", "/api/user/account").at(-1)!.body).toEqual({ smsOptIn: true });
  });

  it("confirms a phone with a code sent to it: asks for the code, sends what was typed, shows it confirmed", async () => {
    const calls = standInShopApi({
      "GET /api/user/account": () => ({ success: true, account: { ...CODES, savedAddress: ADDRESS } }),
      "POST /api/user/phone/code": () => ({
        success: true,
        message: "Enviámos um código por WhatsApp para +244923000000. É válido durante 10 minutos.",
        phone: "+244923000000",
        channel: "whatsapp",
        alreadyVerified: false,
      }),
      "POST /api/user/phone/confirm": () => ({
        success: true,
        account: { ...CODES, savedAddress: ADDRESS, verifiedPhones: ["+244923000000"] },
      }),
    });
    renderShop("/account", signedIn());
    // The phone starts from the saved address; WhatsApp first, SMS on request.
    expect(await screen.findByRole("textbox", { name: "Telefone para os avisos" }, WAIT)).toHaveValue("+244 923 000 000");
    expect(screen.getByRole("button", { name: "Enviar por SMS" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "ENVIAR CÓDIGO POR WHATSAPP" }));
    const code = await screen.findByRole("textbox", { name: "Código que recebeu em +244923000000" }, WAIT);
    expect(callsTo(calls, "POST", "/api/user/phone/code")[0]!.body).toEqual({ phone: "+244 923 000 000" });
    expect(screen.getByRole("button", { name: "CONFIRMAR NÚMERO" })).toBeDisabled();
    fireEvent.change(code, { target: { value: "12 34 56" } });
    fireEvent.keyDown(code, { key: "Enter" });
    await waitFor(() => expect(screen.getByTestId("phone-confirmed")).toHaveTextContent("+244923000000 confirmado"), WAIT);
    expect(callsTo(calls, "POST", "/api/user/phone/confirm")[0]!.body).toEqual({ phone: "+244923000000", code: "123456" });
    expect(screen.getByTestId("verified-phones")).toHaveTextContent("+244923000000");
  });

  it("offers no confirmation when the shop sends neither WhatsApp nor SMS", async () => {
    standInShopApi({ "GET /api/user/account": () => ({ success: true, account: { ...ACCOUNT, savedAddress: ADDRESS } }) });
    renderShop("/account", signedIn());
    await screen.findByRole("checkbox", { name: /Receber avisos do pedido no WhatsApp/ }, WAIT);
    expect(screen.queryByTestId("phone-confirm")).toBeNull();
  });

  it("sends a signed-out visitor to /login", async () => {
    standInShopApi({});
    const { pathname } = renderShop("/account");
    await waitFor(() => expect(pathname()).toBe("/login"), WAIT);
  });
});

describe("checkout with a saved address", { timeout: 20_000 }, () => {
  it("fills the empty form with the account's saved address", async () => {
    standInShopApi({
      "POST /api/cart/get": () => ({ success: true, cartData: { p1: { M: 1 } } }),
      "GET /api/user/account": () => ({ success: true, account: { ...ACCOUNT, savedAddress: ADDRESS } }),
    });
    renderShop("/place-order", { products: catalogue(1), ...signedIn() });
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Endereço da Rua" })).toHaveValue("Rua Direita 12"), WAIT);
    expect(screen.getByRole("textbox", { name: "Primeiro nome" })).toHaveValue("Ana");
    expect(screen.getByRole("textbox", { name: "Telefone" })).toHaveValue("+244 923 000 000");
  });

  it("a ticked WhatsApp box offers to confirm the delivery phone; Enter in the code confirms it, not the order", async () => {
    const calls = standInShopApi({
      "POST /api/cart/get": () => ({ success: true, cartData: { p1: { M: 1 } } }),
      "GET /api/user/account": () => ({ success: true, account: { ...CODES, savedAddress: ADDRESS } }),
      "POST /api/user/phone/code": () => ({
        success: true,
        message: "Enviámos um código",
        phone: "+244923000000",
        channel: "whatsapp",
        alreadyVerified: false,
      }),
      "POST /api/user/phone/confirm": () => ({ success: true, account: { ...CODES, verifiedPhones: ["+244923000000"] } }),
    });
    renderShop("/place-order", { products: catalogue(1), ...signedIn() });
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Telefone" })).toHaveValue("+244 923 000 000"), WAIT);
    // Nothing to confirm until a box is ticked.
    expect(screen.queryByTestId("phone-confirm")).toBeNull();
    fireEvent.click(screen.getByRole("checkbox", { name: /Receber avisos do pedido no WhatsApp/ }));
    expect(
      await screen.findByText(/só vão para um número confirmado. Enviamos um código para \+244923000000/, {}, WAIT),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "ENVIAR CÓDIGO POR WHATSAPP" }));
    const code = await screen.findByRole("textbox", { name: /Código que recebeu/ }, WAIT);
    fireEvent.change(code, { target: { value: "654321" } });
    fireEvent.keyDown(code, { key: "Enter" });
    await screen.findByTestId("phone-confirmed", {}, WAIT);
    expect(callsTo(calls, "POST", "/api/order/place")).toHaveLength(0);
  });

  it("leaves what the shopper already typed", async () => {
    let answer: (value: unknown) => void = () => {};
    const account = new Promise((resolve) => (answer = resolve));
    // The account answers only once the shopper has typed.
    standInShopApi({
      "GET /api/user/account": () => account.then(() => ({ success: true, account: { ...ACCOUNT, savedAddress: ADDRESS } })),
    });
    renderShop("/place-order", { products: catalogue(1), ...signedIn() });
    const street = await screen.findByRole("textbox", { name: "Endereço da Rua" }, WAIT);
    fireEvent.change(street, { target: { value: "Avenida 4 de Fevereiro" } });
    await act(async () => answer(undefined));
    // The fields not typed are filled from the saved address.
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Primeiro nome" })).toHaveValue("Ana"));
    expect(street).toHaveValue("Avenida 4 de Fevereiro");
  });

  it("without a saved address starts from the last order's address, and the account's name and e-mail", async () => {
    const older = { ...ADDRESS, street: "Rua Antiga 1", city: "Benguela" };
    const last = { ...ADDRESS, firstName: "", lastName: "", email: "", street: "Rua Nova 7", city: "Huambo", state: "Huambo" };
    standInShopApi({
      "POST /api/cart/get": () => ({ success: true, cartData: { p1: { M: 1 } } }),
      "GET /api/user/account": () => ({ success: true, account: { ...ACCOUNT, name: "Ana Maria Silva" } }),
      "POST /api/order/userorders": () => ({
        success: true,
        orders: [
          { ...order(0), _id: "older", address: older, createdAt: "2026-01-01T10:00:00.000Z" },
          { ...order(0), address: last, createdAt: "2026-06-01T10:00:00.000Z" },
        ],
      }),
    });
    renderShop("/place-order", { products: catalogue(1), ...signedIn() });
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Endereço da Rua" })).toHaveValue("Rua Nova 7"), WAIT);
    expect(screen.getByRole("textbox", { name: "Cidade" })).toHaveValue("Huambo");
    expect(screen.getByRole("combobox", { name: "Província" })).toHaveValue("Huambo");
    expect(screen.getByRole("textbox", { name: "Primeiro nome" })).toHaveValue("Ana");
    expect(screen.getByRole("textbox", { name: "Sobrenome" })).toHaveValue("Maria Silva");
    expect(screen.getByRole("textbox", { name: "Email" })).toHaveValue("ana@example.ao");
  });

  it("still starts from the last order when the account cannot be read", async () => {
    // No "GET /api/user/account": the stand-in answers 404, as a server without that route does.
    standInShopApi({
      "POST /api/cart/get": () => ({ success: true, cartData: { p1: { M: 1 } } }),
      "POST /api/order/userorders": () => ({ success: true, orders: [order(0)] }),
    });
    renderShop("/place-order", { products: catalogue(1), ...signedIn() });
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Endereço da Rua" })).toHaveValue("Rua Direita 12"), WAIT);
    expect(screen.getByRole("textbox", { name: "Primeiro nome" })).toHaveValue("Ana");
    expect(screen.getByRole("textbox", { name: "Email" })).toHaveValue("ana@example.ao");
  });
});

describe("unread support messages and the new-message notice", { timeout: 20_000 }, () => {
  it("marks an order with unread messages with their count, updated live", async () => {
    const realtime = new StandInRealtime();
    let unread = 2;
    standInShopApi({ "POST /api/order/userorders": () => ({ success: true, orders: [order(unread)] }) });
    renderShop("/orders", signedIn(realtime));
    expect(await screen.findByTestId("unread-count", {}, WAIT)).toHaveTextContent("2");
    expect(screen.getByRole("link", { name: "Mensagem, 2 por ler" })).toHaveAttribute("href", `/message/${ORDER_ID}`);

    unread = 3;
    const reply = {
      _id: "m9",
      orderId: ORDER_ID,
      sender: "support",
      text: "Enviamos amanhã.",
      fileUrl: null,
      type: null,
      fileName: null,
      createdAt: new Date().toISOString(),
    };
    act(() => realtime.emit({ type: "newMessage", orderId: ORDER_ID, message: reply }));
    await waitFor(() => expect(screen.getByTestId("unread-count")).toHaveTextContent("3"));
  });

  it("shows no marker when everything was read", async () => {
    standInShopApi({ "POST /api/order/userorders": () => ({ success: true, orders: [order(0)] }) });
    renderShop("/orders", signedIn());
    expect(await screen.findByRole("link", { name: "Mensagem" }, WAIT)).toBeInTheDocument();
    expect(screen.queryByTestId("unread-count")).toBeNull();
  });

  it("opens the order's chat when the 'Nova mensagem sobre o pedido' notice is tapped", async () => {
    const realtime = new StandInRealtime();
    standInShopApi({ [`GET /api/message/${ORDER_ID}`]: () => ({ success: true, messages: [] }) });
    const { pathname } = renderShop("/about", signedIn(realtime));
    await screen.findAllByRole("heading", {}, WAIT);
    const reply = {
      _id: "m9",
      orderId: ORDER_ID,
      sender: "support",
      text: "Olá",
      fileUrl: null,
      type: null,
      fileName: null,
      createdAt: new Date().toISOString(),
    };
    act(() => realtime.emit({ type: "newMessage", orderId: ORDER_ID, message: reply }));
    fireEvent.click(await screen.findByText("Nova mensagem sobre o pedido #ABCDEF", {}, WAIT));
    await waitFor(() => expect(pathname()).toBe(`/message/${ORDER_ID}`), WAIT);
  });

  it("tells the server a reply seen live in the open chat was read", async () => {
    const realtime = new StandInRealtime();
    const calls = standInShopApi({
      [`GET /api/message/${ORDER_ID}`]: () => ({ success: true, messages: [] }),
      [`POST /api/message/${ORDER_ID}/read`]: () => ({ success: true }),
    });
    renderShop(`/message/${ORDER_ID}`, signedIn(realtime));
    await screen.findByText("Suporte do Pedido", {}, WAIT);
    const mine = {
      _id: "m1",
      orderId: ORDER_ID,
      sender: "client",
      text: "Olá",
      fileUrl: null,
      type: null,
      fileName: null,
      createdAt: new Date().toISOString(),
    };
    act(() => realtime.emit({ type: "newMessage", orderId: ORDER_ID, message: mine }));
    expect(callsTo(calls, "POST", `/api/message/${ORDER_ID}/read`)).toHaveLength(0);
    act(() =>
      realtime.emit({ type: "newMessage", orderId: ORDER_ID, message: { ...mine, _id: "m2", sender: "support", text: "Bom dia" } }),
    );
    await waitFor(() => expect(callsTo(calls, "POST", `/api/message/${ORDER_ID}/read`)).toHaveLength(1));
  });
});

describe("the push offer", { timeout: 20_000 }, () => {
  it("appears on /orders once the shopper has an order, and subscribes this device when tapped", async () => {
    const push = standInPush("default");
    const calls = standInShopApi({
      "POST /api/order/userorders": () => ({ success: true, orders: [order(0)] }),
      "GET /api/push/key": () => ({ success: true, publicKey: PUBLIC_KEY }),
      "POST /api/push/subscribe": () => ({ success: true }),
    });
    renderShop("/orders", signedIn());
    const prompt = await screen.findByTestId("push-prompt", {}, WAIT);
    fireEvent.click(within(prompt).getByRole("button", { name: "Receber avisos neste telemóvel" }));
    await waitFor(() => expect(callsTo(calls, "POST", "/api/push/subscribe")).toHaveLength(1));
    expect(push.pushManager.subscribe).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByTestId("push-prompt")).toBeNull());
  });

  it("appears on the chat page too", async () => {
    standInPush("default");
    standInShopApi({ [`GET /api/message/${ORDER_ID}`]: () => ({ success: true, messages: [] }) });
    renderShop(`/message/${ORDER_ID}`, signedIn());
    expect(await screen.findByTestId("push-prompt", {}, WAIT)).toHaveTextContent("Receber avisos neste telemóvel");
  });

  it.each([
    ["without orders (a first visit)", "default" as const, false, []],
    ["when notifications were refused", "denied" as const, false, [order(0)]],
    ["when this device already receives them", "granted" as const, true, [order(0)]],
  ])("stays hidden %s", async (_label, permission, subscribed, orders) => {
    standInPush(permission, subscribed);
    standInShopApi({ "POST /api/order/userorders": () => ({ success: true, orders }) });
    renderShop("/orders", signedIn());
    await screen.findByRole("heading", { name: "MINHAS ENCOMENDAS" }, WAIT);
    await waitFor(() => expect(screen.queryByText(/Nenhum pedido encontrado|Pedido #/)).not.toBeNull(), WAIT);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId("push-prompt")).toBeNull();
  });

  it("stays hidden after 'Agora não'", async () => {
    standInPush("default");
    standInShopApi({ "POST /api/order/userorders": () => ({ success: true, orders: [order(0)] }) });
    const first = renderShop("/orders", signedIn());
    fireEvent.click(within(await screen.findByTestId("push-prompt", {}, WAIT)).getByRole("button", { name: "Agora não" }));
    expect(screen.queryByTestId("push-prompt")).toBeNull();
    first.unmount();
    renderShop("/orders", signedIn());
    await screen.findByText(/Pedido #/, {}, WAIT);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId("push-prompt")).toBeNull();
  });
});
