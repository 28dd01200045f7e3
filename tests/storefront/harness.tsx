import { configure, render } from "@testing-library/react";
import { MemoryRouter, useLocation, type Location } from "react-router-dom";
import { CatalogueContext, type Catalogue } from "../../storefront/features/catalogue/catalogue-provider.tsx";
import { ShopShell } from "../../storefront/app/layout.tsx";
import { SessionContext, type Session } from "../../storefront/app/session.tsx";
import type { Product } from "../../storefront/features/catalogue/api/list-products.ts";
import type { ShopSettings } from "../../storefront/features/settings/api/get-settings.ts";
import { SettingsContext } from "../../storefront/features/settings/settings-provider.tsx";

// Renders the real shell and the real page routes at `path`, with the catalogue, settings and session
// handed in as data: screens are checked without any network (server flows live in tests/e2e).

// Pages are lazy chunks: on a busy CI machine the first import of one can take longer than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no scrolling; the layout scrolls to the top on every new page.
window.scrollTo = () => {};

export const product = (n: number, over: Partial<Product> = {}): Product => ({
  _id: `p${n}`,
  name: `Produto ${n}`,
  description: `Descrição ${n}`,
  price: 1000 * n,
  image: [`/media/full-${n}`, `/media/full-${n}b`],
  thumbnail: [`/media/thumb-${n}`, `/media/thumb-${n}b`],
  soldOut: false,
  sizes: ["M", "L"],
  category: "Moda",
  subCategory: "Moda Masculina",
  bestseller: false,
  date: n,
  ...over,
});

export const catalogue = (count: number, over: (n: number) => Partial<Product> = () => ({})) =>
  Array.from({ length: count }, (_, i) => product(i + 1, over(i + 1)));

export const settings: ShopSettings = {
  phones: ["+244 923 000 001", "+244 923 000 002", "+244 923 000 003"],
  emails: ["loja@example.ao", "shop@example.ao"],
  addresses: ["Rua da Missão 10, Luanda", "Avenida Norton de Matos 5, Benguela"],
  bank: { bankName: "Banco Exemplo", accountHolder: "Loja Lda", accountNumber: "123456789", iban: "AO06 0000 0000 1234 5678 9012 3" },
  isDemo: true,
  phoneLogin: null,
};

export interface Options {
  products?: Product[];
  settings?: ShopSettings | null;
  session?: Partial<Session>;
  catalogueReload?: () => void;
}

/** Reports where the app navigated to. */
function LocationProbe({ onChange }: { onChange: (l: Location) => void }) {
  onChange(useLocation());
  return null;
}

export function renderShop(path: string, opts: Options = {}) {
  const catalogueValue: Catalogue = { products: opts.products ?? [], loaded: true, reload: opts.catalogueReload ?? (() => {}) };
  const settingsValue = opts.settings === undefined ? settings : opts.settings;
  const sessionValue: Session = { token: "", setToken: () => {}, logout: () => {}, realtime: null, ...opts.session };
  let current: Location | undefined;
  const result = render(
    <MemoryRouter initialEntries={[path]}>
      <LocationProbe onChange={(l) => (current = l)} />
      <SessionContext.Provider value={sessionValue}>
        <SettingsContext.Provider value={settingsValue}>
          <CatalogueContext.Provider value={catalogueValue}>
            <ShopShell />
          </CatalogueContext.Provider>
        </SettingsContext.Provider>
      </SessionContext.Provider>
    </MemoryRouter>,
  );
  return { ...result, pathname: () => current?.pathname, search: () => current?.search };
}
