// The console's "WhatsApp por atribuir" (support and admins): shoppers' WhatsApp messages from phones no account
// verified, as cards (from, when, text, state); staff open the orders that phone appears on, each saying whether its
// account confirmed the number, post the message to one (the server's refusal shown in the dialog), or dismiss it.
// And the outbox list shows a WhatsApp/SMS message the shop kept back with its reason.
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  AdminContext,
  HttpError,
  ListContextProvider,
  ResourceContextProvider,
  testDataProvider,
  type ListControllerResult,
} from "react-admin";
import polyglotI18nProvider from "ra-i18n-polyglot";
import type { ReactNode } from "react";
import { ptMessages } from "../../console/i18n/pt.ts";
import { canRoleAccess } from "../../console/auth-provider.ts";
import { WhatsAppMessages } from "../../console/whatsapp-inbox/inbox-views.tsx";
import { OutboxList } from "../../console/outbox/outbox-views.tsx";
import { formatDateTime } from "../../console/lib/format.ts";
import type { AdminWhatsAppMessage } from "../../server/schemas/admin-whatsapp-inbox.ts";
import type { AdminOutboxMail } from "../../server/schemas/admin-outbox.ts";

const i18nProvider = polyglotI18nProvider(() => ptMessages, "pt");

const message = (over: Partial<AdminWhatsAppMessage>): AdminWhatsAppMessage => ({
  id: "w1",
  from: "+244923111222",
  text: "Já paguei, o meu IBAN é AO06…",
  receivedAt: "2026-11-28T09:30:00.000Z",
  state: "waiting",
  order: null,
  decidedBy: null,
  decidedAt: null,
  ...over,
});

const rows = [
  message({}),
  message({
    id: "w2",
    text: "Mudei de morada",
    state: "assigned",
    order: { id: "order00000abc123", shortId: "ABC123" },
    decidedBy: "Suporte Teste",
    decidedAt: "2026-11-28T10:00:00.000Z",
  }),
];

const detail = message({
  orders: [
    {
      id: "order00000mal001",
      shortId: "MAL001",
      customerName: "Mallory Silva",
      status: "Aguardando Pagamento",
      createdAt: "2026-11-28T08:00:00.000Z",
      phoneVerified: false,
    },
    {
      id: "order00000ali002",
      shortId: "ALI002",
      customerName: "Alice Costa",
      status: "Enviado",
      createdAt: "2026-11-20T08:00:00.000Z",
      phoneVerified: true,
    },
  ],
});

function inAdmin(ui: ReactNode, resource: string, dataProvider = testDataProvider()) {
  return render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <ResourceContextProvider value={resource}>{ui}</ResourceContextProvider>
    </AdminContext>,
  );
}

function renderInbox(dataProvider: ReturnType<typeof testDataProvider>) {
  const context = {
    data: rows,
    total: rows.length,
    isPending: false,
    isLoading: false,
    isFetching: false,
    filterValues: { state: "waiting" },
    displayedFilters: {},
    setFilters: () => undefined,
    sort: { field: "receivedAt", order: "DESC" },
    page: 1,
    perPage: 25,
    selectedIds: [],
    resource: "whatsapp-inbox",
    refetch: () => undefined,
  } as unknown as ListControllerResult;
  return inAdmin(
    <ListContextProvider value={context}>
      <WhatsAppMessages />
    </ListContextProvider>,
    "whatsapp-inbox",
    dataProvider,
  );
}

describe("WhatsApp por atribuir", () => {
  it("is for support and admins", () => {
    for (const role of ["admin", "support"]) expect(canRoleAccess(role, "whatsapp-inbox", "list")).toBe(true);
    expect(canRoleAccess("customer", "whatsapp-inbox", "list")).toBe(false);
  });

  it("shows each message's phone, time, text and state; only a waiting one can be posted or dismissed", async () => {
    renderInbox(testDataProvider());
    const [waiting, assigned] = await screen.findAllByTestId("inbox-message");
    expect(within(waiting!).getByTestId("inbox-from")).toHaveTextContent("+244923111222");
    expect(within(waiting!).getByTestId("inbox-text")).toHaveTextContent("Já paguei, o meu IBAN é AO06…");
    expect(within(waiting!).getByTestId("inbox-state")).toHaveTextContent("Por atribuir");
    expect(waiting).toHaveTextContent(formatDateTime("2026-11-28T09:30:00.000Z"));
    expect(within(waiting!).getByRole("button", { name: "Ver pedidos deste número" })).toBeInTheDocument();
    expect(within(assigned!).getByTestId("inbox-state")).toHaveTextContent("Publicada");
    expect(assigned).toHaveTextContent("Publicada na conversa do pedido #ABC123");
    expect(assigned).toHaveTextContent("tratada por Suporte Teste");
    expect(within(assigned!).queryByRole("button")).toBeNull();
  });

  it("posts a waiting message to the order chosen among its phone's orders, showing which confirmed the number and the server's refusal", async () => {
    const sent: unknown[] = [];
    let refuse = true;
    const dataProvider = {
      ...testDataProvider({ getOne: async () => ({ data: detail }) as never }),
      assignWhatsAppMessage: async (id: string, orderId: string) => {
        sent.push([id, orderId]);
        if (refuse) throw new HttpError("Esta mensagem já foi tratada por outra pessoa", 409);
        return { ...rows[0]!, state: "assigned", order: { id: orderId, shortId: "ALI002" } };
      },
    };
    renderInbox(dataProvider as never);
    const [waiting] = await screen.findAllByTestId("inbox-message");
    await userEvent.click(within(waiting!).getByRole("button", { name: "Ver pedidos deste número" }));
    const dialog = await screen.findByTestId("inbox-assign-dialog");
    const orders = await within(dialog).findByTestId("inbox-orders");
    const mallory = within(orders).getByLabelText(/#MAL001 · Mallory Silva/);
    expect(mallory.closest("label")).toHaveTextContent("Número não confirmado");
    expect(
      within(orders)
        .getByLabelText(/#ALI002 · Alice Costa/)
        .closest("label"),
    ).toHaveTextContent("Número confirmado por esta conta");
    // Nothing chosen: the dialog says so and sends nothing.
    await userEvent.click(within(dialog).getByRole("button", { name: "Publicar na conversa" }));
    expect(within(dialog).getByText("Escolha o pedido")).toBeInTheDocument();
    expect(sent).toEqual([]);
    await userEvent.click(within(orders).getByLabelText(/#ALI002/));
    await userEvent.click(within(dialog).getByRole("button", { name: "Publicar na conversa" }));
    expect(await within(dialog).findByText("Esta mensagem já foi tratada por outra pessoa")).toBeInTheDocument();
    refuse = false;
    await userEvent.click(within(dialog).getByRole("button", { name: "Publicar na conversa" }));
    expect(sent).toEqual([
      ["w1", "order00000ali002"],
      ["w1", "order00000ali002"],
    ]);
  });

  it("dismisses a waiting message after asking", async () => {
    const dismissed: string[] = [];
    const dataProvider = {
      ...testDataProvider(),
      dismissWhatsAppMessage: async (id: string) => {
        dismissed.push(id);
        return { ...rows[0]!, state: "dismissed" };
      },
    };
    renderInbox(dataProvider as never);
    const [waiting] = await screen.findAllByTestId("inbox-message");
    await userEvent.click(within(waiting!).getByRole("button", { name: "Descartar" }));
    const dialog = await screen.findByTestId("inbox-dismiss-dialog");
    expect(dialog).toHaveTextContent("Descartar esta mensagem?");
    await userEvent.click(within(dialog).getByRole("button", { name: "Descartar" }));
    expect(dismissed).toEqual(["w1"]);
  });
});

describe("the outbox list", () => {
  it("shows a WhatsApp or SMS message kept back as not sent, with its reason", async () => {
    const kept: AdminOutboxMail = {
      id: "m1",
      kind: "order-placed",
      channel: "sms",
      deliveryStatus: null,
      to: "+88216123456",
      subject: "Pedido #ABC123 recebido",
      status: "blocked",
      attempts: 1,
      lastError: "Não enviada: número de fora de Angola (+882), país não permitido nas Definições",
      createdAt: "2026-11-28T09:00:00.000Z",
      nextAttemptAt: "2026-11-28T09:00:00.000Z",
      sentAt: null,
    };
    const dataProvider = testDataProvider({ getList: async () => ({ data: [kept], total: 1 }) as never });
    inAdmin(<OutboxList />, "outbox", dataProvider);
    const row = (await screen.findByText("+88216123456")).closest("tr")!;
    expect(row).toHaveTextContent("Não enviada");
    expect(row).toHaveTextContent("Não enviada: número de fora de Angola (+882), país não permitido nas Definições");
    expect(row).toHaveTextContent("SMS");
  });
});
