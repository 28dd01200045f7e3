// The console live: a new order updates the dashboard's counters and raises an alert with a link to
// it on any page, the tab title counts the conversations waiting for staff on every page, and an assignment made in
// another console shows at once. The socket is a stand-in speaking shared/realtime.ts's frames (the server side of
// `newOrder` and `assigneeChanged` is tested in tests/api).
import { act, render, screen, waitFor } from "@testing-library/react";
import { AdminContext, Notification } from "react-admin";
import polyglotI18nProvider from "ra-i18n-polyglot";
import type { ReactNode } from "react";
import { ptMessages } from "../../console/i18n/pt.ts";
import { Dashboard } from "../../console/dashboard/dashboard.tsx";
import { RealtimeProvider } from "../../console/layout/realtime-context.tsx";
import { AssigneeControl } from "../../console/conversations/assignee-control.tsx";
import type { ConsoleDataProvider } from "../../console/data-provider.ts";
import type { DashboardStats } from "../../server/schemas/admin-common.ts";
import type { ServerFrame } from "../../shared/realtime.ts";

const i18nProvider = polyglotI18nProvider(() => ptMessages, "pt");
const WAIT = { timeout: 10_000 };

/** The browser's WebSocket as the realtime client uses it; the test sends the server's frames. */
class StandInSocket {
  static readonly OPEN = 1;
  static instances: StandInSocket[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  readonly sent: unknown[] = [];
  constructor(readonly url: string) {
    StandInSocket.instances.push(this);
    queueMicrotask(() => {
      this.readyState = StandInSocket.OPEN;
      this.onopen?.();
    });
  }
  send(data: string) {
    const frame = JSON.parse(data) as { type: string };
    this.sent.push(frame);
    if (frame.type === "auth") queueMicrotask(() => this.receive({ type: "ready" }));
  }
  receive(frame: ServerFrame) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  close() {
    this.readyState = 3;
  }
}

const stats = (awaitingPayment: number): DashboardStats => ({
  awaitingPayment,
  toShip: 1,
  unreadConversations: 3,
  revenueMonth: 0,
  unconfirmedPayments: 0,
  latestOrders: [],
});

function consoleWith(ui: ReactNode, dashboard: () => DashboardStats) {
  const dataProvider = {
    getDashboard: vi.fn(async () => dashboard()),
    getUnreadCount: vi.fn(async () => 3),
  } as unknown as ConsoleDataProvider;
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <RealtimeProvider>{ui}</RealtimeProvider>
      <Notification />
    </AdminContext>,
  );
  return dataProvider;
}

const connected = async () => {
  await waitFor(() => expect(StandInSocket.instances.at(-1)?.sent).toContainEqual({ type: "auth", token: "staff-token" }), WAIT);
  return StandInSocket.instances.at(-1)!;
};

const ORDER_ID = "cm3neworder0000000abc123";

beforeEach(() => {
  StandInSocket.instances = [];
  vi.stubGlobal("WebSocket", StandInSocket);
  localStorage.setItem(
    "loja.console.session",
    JSON.stringify({ token: "staff-token", user: { id: "s1", name: "Sara", email: "sara@loja.ao", role: "support" } }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("a new order, live", () => {
  it("updates the dashboard's counters and alerts with a link to the order", async () => {
    let awaiting = 4;
    const dataProvider = consoleWith(<Dashboard />, () => stats(awaiting));
    expect(await screen.findByTestId("stat-awaiting", {}, WAIT)).toHaveTextContent("4");
    const socket = await connected();

    awaiting = 5;
    act(() => socket.receive({ type: "newOrder", orderId: ORDER_ID, totalAmount: 12500 }));
    await waitFor(() => expect(screen.getByTestId("stat-awaiting")).toHaveTextContent("5"), WAIT);
    expect(dataProvider.getDashboard).toHaveBeenCalledTimes(2);

    const alert = await screen.findByTestId("new-order-alert", {}, WAIT);
    expect(alert).toHaveTextContent(/Novo pedido #ABC123 — 12\s500,00 kz/);
    expect(screen.getByRole("link", { name: "Abrir" })).toHaveAttribute(
      "href",
      expect.stringMatching(new RegExp(`/orders/${ORDER_ID}/show$`)),
    );
  });

  it("shows one alert for a burst of orders, not a queue of them over the page's buttons", async () => {
    consoleWith(<p>Produtos</p>, () => stats(0));
    const socket = await connected();
    act(() => {
      for (let i = 0; i < 5; i++) socket.receive({ type: "newOrder", orderId: `${ORDER_ID.slice(0, -1)}${i}`, totalAmount: 5000 });
    });
    expect(await screen.findByTestId("new-order-alert", {}, WAIT)).toHaveTextContent(
      `Novo pedido #${ORDER_ID.slice(-6, -1).toUpperCase()}0`,
    );
    expect(screen.getAllByTestId("new-order-alert")).toHaveLength(1);
  });

  it("alerts on any other console page too", async () => {
    consoleWith(<p>Produtos</p>, () => stats(0));
    const socket = await connected();
    act(() => socket.receive({ type: "newOrder", orderId: ORDER_ID, totalAmount: 5000 }));
    expect(await screen.findByTestId("new-order-alert", {}, WAIT)).toHaveTextContent("Novo pedido #ABC123");
  });
});

describe("the tab title", () => {
  it("counts the conversations waiting for staff on every page, and follows new customer messages", async () => {
    const dataProvider = consoleWith(<p>Produtos</p>, () => stats(0));
    await waitFor(() => expect(document.title).toBe("(3) Loja — Consola"), WAIT);
    const socket = await connected();
    vi.mocked(dataProvider.getUnreadCount).mockResolvedValue(4);
    const message = {
      _id: "m1",
      orderId: ORDER_ID,
      sender: "client",
      text: "Olá",
      fileUrl: null,
      type: null,
      fileName: null,
      createdAt: new Date().toISOString(),
      authorName: null,
      readBySupportAt: null,
      readByClientAt: null,
    };
    act(() => socket.receive({ type: "newMessage", orderId: ORDER_ID, message }));
    await waitFor(() => expect(document.title).toBe("(4) Loja — Consola"), WAIT);
  });
});

describe("an assignment made elsewhere, live", () => {
  it("shows the conversation's new assignee when another console changes it", async () => {
    const staff = [
      { id: "s1", name: "Sara" },
      { id: "s2", name: "Paulo" },
    ];
    let assignee: { id: string; name: string } | null = staff[0]!;
    const conversation = () => ({
      id: ORDER_ID,
      orderId: ORDER_ID,
      shortId: "ABC123",
      customer: { id: "c1", name: "Ana", email: null },
      status: "Aguardando Pagamento",
      totalAmount: 5000,
      lastMessageAt: new Date().toISOString(),
      lastMessage: { sender: "client", text: "Olá", type: null },
      unread: 0,
      messageCount: 1,
      assignee,
    });
    const dataProvider = {
      getUnreadCount: vi.fn(async () => 0),
      getAssignees: vi.fn(async () => staff),
      getOne: vi.fn(async () => ({ data: conversation() })),
    } as unknown as ConsoleDataProvider;
    render(
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <RealtimeProvider>
          <AssigneeControl orderId={ORDER_ID} />
        </RealtimeProvider>
      </AdminContext>,
    );
    await waitFor(() => expect(screen.getByRole("combobox")).toHaveTextContent("Sara"), WAIT);
    const socket = await connected();

    assignee = staff[1]!;
    act(() => socket.receive({ type: "assigneeChanged", orderId: ORDER_ID, assignee, byId: "s2" }));
    await waitFor(() => expect(screen.getByRole("combobox")).toHaveTextContent("Paulo"), WAIT);
    assignee = null;
    act(() => socket.receive({ type: "assigneeChanged", orderId: ORDER_ID, assignee, byId: "s2" }));
    await waitFor(() => expect(screen.getByRole("combobox")).not.toHaveTextContent("Paulo"), WAIT);
  });
});
