// "Documentos fiscais" in the console (docs/product/fiscal-documents.md#the-console): the list with each document's
// state, order and number, "Atrasado" after 24 h, "Tentar de novo" for admins on a failed one; the order page's
// NIF and documents, and the admin's form attaching the AGT portal's PDF.
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { AdminContext, RecordContextProvider, ResourceContextProvider, testDataProvider, type AuthProvider } from "react-admin";
import { MemoryRouter } from "react-router-dom";
import polyglotI18nProvider from "ra-i18n-polyglot";
import type { ReactNode } from "react";
import { ptMessages } from "../../console/i18n/pt.ts";
import { canRoleAccess } from "../../console/auth-provider.ts";
import { FiscalDocumentList } from "../../console/fiscal-documents/fiscal-document-list.tsx";
import { OrderFiscalDocuments } from "../../console/orders/order-fiscal-documents.tsx";
import type { AdminFiscalDocument } from "../../server/schemas/fiscal.ts";
import { staffOrder } from "./order-fixtures.ts";

const i18nProvider = polyglotI18nProvider(() => ptMessages, "pt");
const auth = (role: string): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => role,
});

const doc = (over: Partial<AdminFiscalDocument>): AdminFiscalDocument => ({
  id: "f1",
  type: "FR",
  status: "issued",
  number: "FR LOJA2026/000001",
  url: "/media/fr1",
  orderId: "order0000000000c1",
  source: "provider",
  customerTaxID: "5000000000",
  amount: 30000,
  attempts: 1,
  lastError: null,
  createdAt: "2026-11-27T10:00:00.000Z",
  issuedAt: "2026-11-27T10:01:00.000Z",
  overdue: false,
  ...over,
});

function renderWith(role: string, ui: ReactNode, extra: Record<string, unknown> = {}) {
  const calls: { name: string; args: unknown[] }[] = [];
  const rows = [
    doc({}),
    doc({ id: "f2", status: "failed", number: null, url: null, lastError: "AppyPay respondeu 400: Invalid request", overdue: true }),
    doc({ id: "f3", type: "NC", status: "pending", number: null, url: null }),
  ];
  const dataProvider = {
    ...testDataProvider({ getList: async () => ({ data: rows, total: rows.length }) as never }),
    retryFiscalDocument: async (...args: unknown[]) => {
      calls.push({ name: "retry", args });
      return rows[1];
    },
    attachFiscalDocument: async (...args: unknown[]) => {
      calls.push({ name: "attach", args });
      return rows[0];
    },
    ...extra,
  };
  render(
    <MemoryRouter>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} authProvider={auth(role)}>
        {ui}
      </AdminContext>
    </MemoryRouter>,
  );
  return calls;
}

describe("Documentos fiscais", () => {
  it("is read by support too, and written by admins only", () => {
    expect(canRoleAccess("support", "fiscal-documents", "list")).toBe(true);
    expect(canRoleAccess("support", "fiscal-documents", "edit")).toBe(false);
    expect(canRoleAccess("admin", "fiscal-documents", "list")).toBe(true);
  });

  it("lists each document's state, order and number, marks one late, and lets an admin try a failed one again", async () => {
    const calls = renderWith(
      "admin",
      <ResourceContextProvider value="fiscal-documents">
        <FiscalDocumentList />
      </ResourceContextProvider>,
    );
    const link = await screen.findByRole("link", { name: "FR LOJA2026/000001" }, { timeout: 10_000 });
    expect(link).toHaveAttribute("href", "/media/fr1");
    expect(screen.getAllByText("Emitido")).not.toHaveLength(0);
    expect(screen.getAllByText("Falhou")).not.toHaveLength(0);
    expect(screen.getByText("Atrasado")).toBeInTheDocument();
    expect(screen.getByText("AppyPay respondeu 400: Invalid request")).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: "#0000C1" })).toHaveLength(3);
    const retry = await screen.findAllByRole("button", { name: "Tentar de novo" }, { timeout: 10_000 });
    expect(retry).toHaveLength(1);
    fireEvent.click(retry[0]!);
    await waitFor(() => expect(calls).toEqual([{ name: "retry", args: ["f2"] }]));
  });

  it("offers no retry to support", async () => {
    renderWith(
      "support",
      <ResourceContextProvider value="fiscal-documents">
        <FiscalDocumentList />
      </ResourceContextProvider>,
    );
    await screen.findByRole("link", { name: "FR LOJA2026/000001" }, { timeout: 10_000 });
    expect(screen.queryByRole("button", { name: "Tentar de novo" })).toBeNull();
  });
});

describe("the order's fiscal documents", () => {
  it("shows the NIF and the FR with its PDF, and lets an admin attach the AGT portal's PDF", async () => {
    const order = staffOrder({
      nif: "5000000000",
      fiscalDocuments: [{ id: "f1", type: "FR", status: "issued", number: "FR LOJA2026/000001", url: "/media/fr1" }],
    });
    const calls = renderWith(
      "admin",
      <RecordContextProvider value={order}>
        <OrderFiscalDocuments />
      </RecordContextProvider>,
    );
    const section = screen.getByTestId("order-fiscal-documents");
    expect(within(section).getByText("NIF do cliente: 5000000000")).toBeInTheDocument();
    expect(within(section).getByRole("link", { name: "FR LOJA2026/000001" })).toHaveAttribute("href", "/media/fr1");
    fireEvent.click(await within(section).findByRole("button", { name: "Anexar documento do portal da AGT" }));
    const dialog = await screen.findByTestId("fiscal-attach-dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Anexar" }));
    expect(await within(dialog).findByText("Indique o número do documento")).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Número do documento" }), { target: { value: " NC LOJA2026/000002 " } });
    const pdf = new File(["%PDF-1.4"], "nc.pdf", { type: "application/pdf" });
    fireEvent.change(within(dialog).getByLabelText("Escolher o PDF", { selector: "input" }), { target: { files: [pdf] } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Anexar" }));
    await waitFor(() => expect(calls.map((c) => c.name)).toEqual(["attach"]));
    expect(calls[0]!.args.slice(0, 3)).toEqual([order.id, "FR", "NC LOJA2026/000002"]);
    expect((calls[0]!.args[3] as File).name).toBe("nc.pdf");
  });

  it("says Consumidor final without a NIF, and offers support no attachment", async () => {
    renderWith(
      "support",
      <RecordContextProvider value={staffOrder({ nif: null, fiscalDocuments: [] })}>
        <OrderFiscalDocuments />
      </RecordContextProvider>,
    );
    expect(screen.getByText("NIF do cliente: Consumidor final")).toBeInTheDocument();
    expect(screen.getByText("Nenhum documento fiscal ainda.")).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole("button", { name: "Anexar documento do portal da AGT" })).toBeNull();
  });
});
