// Every string on screen is Portuguese: react-admin's own messages are all translated, and every
// translation key the console's source uses exists in console/i18n/pt.ts.
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import englishMessages from "ra-language-english";
import { ptMessages } from "../../console/i18n/pt.ts";

type Tree = { [k: string]: string | Tree };

const leaves = (tree: Tree, prefix = ""): Map<string, string> => {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(key, v);
    else for (const [kk, vv] of leaves(v, key)) out.set(kk, vv);
  }
  return out;
};

const pt = leaves(ptMessages as unknown as Tree);
const en = leaves(englishMessages as unknown as Tree);

// jsdom gives import.meta.url an http scheme: the suite runs from the repository root.
const consoleDir = path.resolve(process.cwd(), "console");
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const full = path.join(dir, f);
    return statSync(full).isDirectory()
      ? sources(full)
      : /\.(ts|tsx)$/.test(f) && !full.includes(`${path.sep}i18n${path.sep}`)
        ? [full]
        : [];
  });

describe("console translations", () => {
  it("translates every react-admin message", () => {
    const missing = [...en.keys()].filter((k) => !pt.has(k));
    expect(missing).toEqual([]);
  });

  it("keeps react-admin's placeholders in each translation", () => {
    for (const [key, english] of en) {
      const vars = (s: string) => [...s.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(vars(pt.get(key) ?? ""), key).toEqual(vars(english));
    }
  });

  it("leaves no react-admin message in English", () => {
    // Words that are the same in both languages are allowed.
    const same = new Set([
      "ra.auth.email",
      "ra.boolean.null",
      "ra.page.list",
      "ra.page.edit",
      "ra.page.show",
      "ra.navigation.page_range_info",
      "ra.navigation.partial_page_range_info",
    ]);
    const untranslated = [...en].filter(([k, v]) => !same.has(k) && pt.get(k) === v).map(([k]) => k);
    expect(untranslated).toEqual([]);
  });

  it("defines every loja.* and resources.* key the console's source uses", () => {
    const used = new Set<string>();
    for (const file of sources(consoleDir)) {
      for (const m of readFileSync(file, "utf8").matchAll(/["'`]((?:loja|resources)\.[\w.]+)["'`]/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(30);
    // The session's storage keys look like translation keys but are not ones.
    for (const k of used) if (k.startsWith("loja.console.")) used.delete(k);
    const missing = [...used].filter((k) => !pt.has(k) && !pt.has(`${k}.name`));
    expect(missing).toEqual([]);
  });

  it("names every resource and labels the fields its lists and forms show", () => {
    for (const r of ["products", "orders", "conversations", "customers", "staff", "settings"]) {
      expect(pt.get(`resources.${r}.name`), r).toBeTruthy();
    }
    expect(pt.get("resources.products.fields.subCategory")).toBe("Subcategoria");
    expect(pt.get("resources.orders.fields.totalAmount")).toBe("Total");
  });

  it("spells every order status as the shop does", () => {
    for (const s of ["Aguardando Pagamento", "Pagamento Confirmado", "Em Preparação", "Enviado", "Entregue", "Cancelado"])
      expect(pt.get(`loja.status.${s}`)).toBe(s);
  });
});
