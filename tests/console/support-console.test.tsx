// The console's support tools: the inbox's "A aguardar resposta" and "Minhas" tabs ask the API for
// those filters and show who each conversation is assigned to (a list, not a table, on a phone); "Respostas
// rápidas" puts the chosen answer, bank details filled in, into the reply box and it is sent as typed; a
// conversation is assigned from its page; internal notes are listed with author and time and added.
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { AdminContext, ResourceContextProvider, testDataProvider, type GetListParams } from "react-admin";
import polyglotI18nProvider from "ra-i18n-polyglot";
import { ptMessages } from "../../console/i18n/pt.ts";
import { canRoleAccess } from "../../console/auth-provider.ts";
import { ConversationList } from "../../console/conversations/conversation-list.tsx";
import { AssigneeControl } from "../../console/conversations/assignee-control.tsx";
import { ReplyBox } from "../../console/conversations/reply-box.tsx";
import { OrderNotes } from "../../console/components/order-notes.tsx";
import type { AdminOrderNote } from "../../server/schemas/admin-support.ts";
import type { ConsoleDataProvider } from "../../console/data-provider.ts";
import type { AdminConversation, AdminMessage } from "../../server/schemas/admin-conversations.ts";
import type { AdminQuickReply } from "../../server/schemas/admin-support.ts";

const i18nProvider = polyglotI18nProvider(() => ptMessages, "pt");
const WAIT = { timeout: 10_000 };

const conversation = (id: string, assignee: AdminConversation["assignee"]): AdminConversation => ({
  id,
  orderId: id,
  shortId: id.slice(-6).toUpperCase(),
  customer: { id: "u1", name: "Ana Fictícia", email: "ana@exemplo.ao" },
  status: "Aguardando Pagamento",
  totalAmount: 35000,
  lastMessageAt: "2026-11-24T10:00:00.000Z",
  lastMessage: { sender: "client", text: "Já paguei", type: null },
  unread: 1,
  messageCount: 1,
  assignee,
});

/** jsdom has no layout: a phone is a media query that matches MUI's "below md". */
function setPhone(phone: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: phone && query.includes("max-width"),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

function inbox() {
  const filters: Record<string, unknown>[] = [];
  const dataProvider = testDataProvider({
    getList: (async (_resource: string, params: GetListParams) => {
      filters.push(params.filter as Record<string, unknown>);
      return { data: [conversation("cm3order000000000abc111", { id: "s1", name: "Sara Suporte" })], total: 1 };
    }) as never,
  });
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <ResourceContextProvider value="conversations">
        <ConversationList />
      </ResourceContextProvider>
    </AdminContext>,
  );
  return filters;
}

afterEach(() => setPhone(false));

describe("the inbox tabs", () => {
  it("ask for the conversations waiting for an answer, then for mine, then for all again", async () => {
    setPhone(false);
    const filters = inbox();
    expect(await screen.findByText("Sara Suporte", {}, WAIT)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("tab", { name: "A aguardar resposta" }));
    await waitFor(() => expect(filters.at(-1)).toEqual({ waiting: true }), WAIT);
    fireEvent.click(screen.getByRole("tab", { name: "Minhas" }));
    await waitFor(() => expect(filters.at(-1)).toEqual({ mine: true }), WAIT);
    fireEvent.click(screen.getByRole("tab", { name: "Todas" }));
    await waitFor(() => expect(filters.at(-1)).toEqual({}), WAIT);
  });

  it("shows a list instead of a table on a phone, with the assignee", async () => {
    setPhone(true);
    inbox();
    expect(await screen.findByText(/Sara Suporte/, {}, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getByText("#ABC111 · Ana Fictícia")).toBeInTheDocument();
  });
});

describe("Respostas rápidas", () => {
  const replies: AdminQuickReply[] = [
    { id: "qr_dados_bancarios", title: "Dados bancários", text: "Banco: {banco}\nTitular: {titular}\nIBAN: {iban}" },
    { id: "qr_prazo_entrega", title: "Prazo de entrega", text: "A entrega demora de 7 a 14 dias úteis." },
  ];

  it("inserts the chosen answer with the shop's bank details filled in, and sends it", async () => {
    const sent: string[] = [];
    const dataProvider = {
      ...testDataProvider({ getList: (async () => ({ data: replies, total: replies.length })) as never }),
      getShopBank: vi.fn(async () => ({ bankName: "Banco BAI", accountHolder: "Loja Exemplo, Lda", iban: "AO06004000000000000000000" })),
      sendMessage: vi.fn(async (_orderId: string, text: string) => {
        sent.push(text);
        return { _id: "m1", sender: "support", text, createdAt: new Date().toISOString() } as unknown as AdminMessage;
      }),
    } as unknown as ConsoleDataProvider;
    const onSent = vi.fn();
    render(
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <ReplyBox orderId="cm3order000000000abc111" onSent={onSent} />
      </AdminContext>,
    );
    const box = screen.getByRole("textbox", { name: "Escreva a resposta" });
    fireEvent.change(box, { target: { value: "Olá Ana," } });
    fireEvent.click(screen.getByRole("button", { name: "Respostas rápidas" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Dados bancários" }, WAIT));
    const expected = "Olá Ana,\nBanco: Banco BAI\nTitular: Loja Exemplo, Lda\nIBAN: AO06004000000000000000000";
    await waitFor(() => expect(box).toHaveValue(expected), WAIT);
    fireEvent.click(screen.getByRole("button", { name: "Enviar" }));
    await waitFor(() => expect(sent).toEqual([expected]), WAIT);
    await waitFor(() => expect(onSent).toHaveBeenCalled(), WAIT);
    expect(box).toHaveValue("");
    // The second answer goes into an empty box as it is.
    fireEvent.click(screen.getByRole("button", { name: "Respostas rápidas" }));
    fireEvent.click(within(await screen.findByRole("menu", {}, WAIT)).getByRole("menuitem", { name: "Prazo de entrega" }));
    await waitFor(() => expect(box).toHaveValue("A entrega demora de 7 a 14 dias úteis."), WAIT);
  });

  it("are read by support and written by admins", () => {
    expect(canRoleAccess("support", "quick-replies", "list")).toBe(true);
    for (const action of ["create", "edit", "delete"]) expect(canRoleAccess("support", "quick-replies", action)).toBe(false);
    for (const action of ["list", "create", "edit", "delete"]) expect(canRoleAccess("admin", "quick-replies", action)).toBe(true);
  });
});

describe("assigning a conversation", () => {
  beforeEach(() =>
    localStorage.setItem(
      "loja.console.session",
      JSON.stringify({ token: "t", user: { id: "me", name: "Eu Mesma", email: "eu@loja.ao", role: "support" } }),
    ),
  );
  afterEach(() => localStorage.clear());

  it("'Atribuir a mim' gives it to the signed-in agent and 'Atribuir a…' to anyone on the team or nobody", async () => {
    const orderId = "cm3order000000000abc111";
    let assignee: AdminConversation["assignee"] = { id: "s2", name: "Rui Suporte" };
    const calls: (string | null)[] = [];
    const staff = [
      { id: "me", name: "Eu Mesma" },
      { id: "s2", name: "Rui Suporte" },
    ];
    const dataProvider = {
      ...testDataProvider({ getOne: (async () => ({ data: conversation(orderId, assignee) })) as never }),
      getAssignees: vi.fn(async () => staff),
      assignConversation: vi.fn(async (_id: string, assigneeId: string | null) => {
        calls.push(assigneeId);
        assignee = staff.find((s) => s.id === assigneeId) ?? null;
        return conversation(orderId, assignee);
      }),
    } as unknown as ConsoleDataProvider;
    render(
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <AssigneeControl orderId={orderId} />
      </AdminContext>,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Atribuir a mim" }, WAIT));
    await waitFor(() => expect(calls).toEqual(["me"]), WAIT);
    // Mine now: the shortcut goes away.
    await waitFor(() => expect(screen.queryByRole("button", { name: "Atribuir a mim" })).toBeNull(), WAIT);
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Atribuir a…" }));
    fireEvent.click(within(await screen.findByRole("listbox", {}, WAIT)).getByRole("option", { name: "Ninguém" }));
    await waitFor(() => expect(calls).toEqual(["me", null]), WAIT);
  });
});

describe("internal notes", () => {
  it("lists the order's notes with author and time, and adds one", async () => {
    const notes: AdminOrderNote[] = [
      { id: "n1", text: "Ligou a dizer que paga amanhã", createdAt: "2026-11-24T10:00:00.000Z", author: { id: "s2", name: "Rui Suporte" } },
    ];
    const dataProvider = {
      ...testDataProvider(),
      getNotes: vi.fn(async () => notes),
      addNote: vi.fn(async (_orderId: string, text: string): Promise<AdminOrderNote> => ({
        id: "n2",
        text,
        createdAt: "2026-11-24T11:00:00.000Z",
        author: { id: "me", name: "Eu Mesma" },
      })),
    } as unknown as ConsoleDataProvider;
    render(
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <OrderNotes orderId="cm3order000000000abc111" />
      </AdminContext>,
    );
    expect(await screen.findByText("Ligou a dizer que paga amanhã", {}, WAIT)).toBeInTheDocument();
    expect(screen.getByText(/Rui Suporte · /)).toBeInTheDocument();
    expect(screen.getByText("Só a equipa vê estas notas; o cliente nunca as recebe.")).toBeInTheDocument();
    fireEvent.change(screen.getByRole("textbox", { name: "Escreva uma nota interna" }), { target: { value: "Confirmar a morada" } });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar nota" }));
    expect(await screen.findByText("Confirmar a morada", {}, WAIT)).toBeInTheDocument();
    expect(dataProvider.addNote).toHaveBeenCalledWith("cm3order000000000abc111", "Confirmar a morada");
    expect(screen.getAllByTestId("order-note")).toHaveLength(2);
  });
});
