// The console's lists as staff read them: Produtos with a stock column and "Stock baixo" in view (not behind a
// hidden filter menu), and on a phone Produtos and Emails as one line per row — no table to scroll sideways.
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { AdminContext, ResourceContextProvider, testDataProvider, type GetListParams } from "react-admin";
import polyglotI18nProvider from "ra-i18n-polyglot";
import type { ReactElement } from "react";
import { ptMessages } from "../../console/i18n/pt.ts";
import { ProductList } from "../../console/products/product-list.tsx";
import { OutboxList } from "../../console/outbox/outbox-views.tsx";
import type { AdminProduct } from "../../server/schemas/admin-products.ts";
import type { AdminOutboxMail } from "../../server/schemas/admin-outbox.ts";

const i18nProvider = polyglotI18nProvider(() => ptMessages, "pt");
const WAIT = { timeout: 10_000 };

const product = (over: Partial<AdminProduct>): AdminProduct => ({
  id: "p1",
  name: "Camisa de Linho",
  description: "",
  price: 18500,
  sizes: ["M", "L"],
  category: "Moda",
  subCategory: "Moda Masculina",
  bestseller: false,
  hidden: false,
  soldOut: false,
  stock: {},
  images: [],
  createdAt: "2026-11-01T10:00:00.000Z",
  updatedAt: "2026-11-01T10:00:00.000Z",
  ...over,
});

const mail: AdminOutboxMail = {
  id: "m1",
  kind: "order-placed",
  channel: "email",
  deliveryStatus: null,
  to: "ana.silva.com.um.endereco.comprido@exemplo.ao",
  subject: "Pedido #AM54GV recebido",
  status: "failed",
  attempts: 3,
  lastError: "Ligação recusada",
  createdAt: "2026-11-28T09:04:00.000Z",
  nextAttemptAt: "2026-11-28T09:04:00.000Z",
  sentAt: null,
};

/** The list with these records; each getList's filter is kept. */
function showList(list: ReactElement, resource: string, records: object[]) {
  const filters: Record<string, unknown>[] = [];
  const dataProvider = {
    ...testDataProvider({
      getList: (async (_r: string, params: GetListParams) => {
        filters.push(params.filter as Record<string, unknown>);
        return { data: records, total: records.length };
      }) as never,
    }),
    getTaxonomy: async () => [],
  };
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <ResourceContextProvider value={resource}>{list}</ResourceContextProvider>
    </AdminContext>,
  );
  return filters;
}

/** A 390 px screen as MUI asks it: every "max-width" query matches, no "min-width" one does. */
function onAPhone() {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: query.includes("max-width"),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

afterEach(() => vi.unstubAllGlobals());

describe("Produtos", () => {
  it("shows each product's units per size, the low ones marked, and filters Stock baixo in one tap", async () => {
    const filters = showList(<ProductList />, "products", [
      product({ stock: { M: 2, L: 9 } }),
      product({ id: "p2", name: "Vestido Midi", stock: {} }),
    ]);
    await screen.findByText("Camisa de Linho", undefined, WAIT);
    expect(screen.getByRole("columnheader", { name: "Stock" })).toBeInTheDocument();
    const stock = screen.getByTestId("product-stock");
    expect(stock).toHaveTextContent("M: 2 · L: 9");
    expect(within(stock).getByText(/M: 2/)).toHaveStyle({ fontWeight: "700" });
    // Not tracked: a dash, not "0".
    expect(within(screen.getByText("Vestido Midi").closest("tr")!).getAllByText("—")).toHaveLength(1);
    fireEvent.click(screen.getByRole("switch", { name: "Stock baixo" }));
    await waitFor(() => expect(filters.at(-1)).toMatchObject({ lowStock: true }), WAIT);
  });

  it("is one line per product on a phone: name, price, stock; no table", async () => {
    onAPhone();
    showList(<ProductList />, "products", [product({ stock: { M: 2, L: 9 } })]);
    const name = await screen.findByText("Camisa de Linho", undefined, WAIT);
    expect(screen.queryByRole("table")).toBeNull();
    const row = name.closest("li")!;
    expect(row).toHaveTextContent("18 500,00 kz");
    expect(row).toHaveTextContent("Stock: M: 2 · L: 9");
  });
});

describe("Emails on a phone", () => {
  it("is one line per message: subject, to whom, its state and why it failed; no table", async () => {
    onAPhone();
    showList(<OutboxList />, "outbox", [mail]);
    const subject = await screen.findByText("Pedido #AM54GV recebido", undefined, WAIT);
    expect(screen.queryByRole("table")).toBeNull();
    const row = subject.closest("li")!;
    expect(row).toHaveTextContent("ana.silva.com.um.endereco.comprido@exemplo.ao");
    expect(row).toHaveTextContent("Ligação recusada");
    expect(row).toHaveTextContent("Falhou");
  });
});
