import { useState, type ReactNode } from "react";
import { act, render } from "@testing-library/react";
import { MemoryRouter, useLocation, useNavigate, type Location, type NavigateFunction } from "react-router-dom";
import { ShopShell } from "../../storefront/app/layout.tsx";
import { SessionContext, type Session } from "../../storefront/features/auth/session.tsx";
import type { Product } from "../../storefront/features/catalogue/api/catalogue.ts";
import { clearCache } from "../../storefront/lib/cached-api.ts";
import type { PublicSettings } from "../../server/schemas/settings.ts";
import { SettingsContext } from "../../storefront/features/settings/settings-provider.tsx";
import { setStandInCatalogue, standInInstalled, standInShopApi } from "./shop-api-stand-in.ts";

// Renders the real shell and the real page routes at `path`, with settings and session handed in as data and the
// shop API answered by a stand-in (shop-api-stand-in.ts) from the catalogue given: screens are checked without any
// network (server flows live in tests/e2e).

// jsdom has no scrolling; the layout scrolls to the top on every new page.
window.scrollTo = () => {};

// Each test is a fresh visit (a new tab): nothing remembered from the previous test's catalogue or checkout draft.
afterEach(() => {
  clearCache();
  sessionStorage.clear();
});

export const product = (n: number, over: Partial<Product> = {}): Product => ({
  _id: `p${n}`,
  name: `Produto ${n}`,
  description: `Descrição ${n}`,
  price: 1000 * n,
  image: [`/media/full-${n}`, `/media/full-${n}b`],
  thumbnail: [`/media/thumb-${n}`, `/media/thumb-${n}b`],
  middle: [`/media/middle-${n}`, `/media/middle-${n}b`],
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

export const settings: PublicSettings = {
  phones: ["+244 923 000 001", "+244 923 000 002", "+244 923 000 003"],
  emails: ["loja@example.ao", "shop@example.ao"],
  addresses: ["Rua da Missão 10, Luanda", "Avenida Norton de Matos 5, Benguela"],
  bank: { bankName: "Banco Exemplo", accountHolder: "Loja Lda", accountNumber: "123456789", iban: "AO06 0000 0000 1234 5678 9012 3" },
  isDemo: true,
  whatsapp: "244923000001",
  phoneLogin: null,
  returns: { windowDays: 7, policy: "" },
};

export interface Options {
  products?: Product[];
  settings?: PublicSettings | null;
  session?: Partial<Session>;
  /** The session's token changes as the app sets it (signing in or up), instead of staying as handed in. */
  liveSession?: boolean;
}

/** A session whose setToken really signs in: the pages see the new token as in the app. */
function LiveSession({ initial, children }: { initial: Session; children: ReactNode }) {
  const [token, setToken] = useState(initial.token);
  return <SessionContext.Provider value={{ ...initial, token, setToken }}>{children}</SessionContext.Provider>;
}

/** Reports where the app navigated to, and hands out its navigation (for the browser's back button). */
function LocationProbe({ onChange }: { onChange: (l: Location, navigate: NavigateFunction) => void }) {
  onChange(useLocation(), useNavigate());
  return null;
}

export function renderShop(path: string, opts: Options = {}) {
  setStandInCatalogue(opts.products ?? []);
  if (!standInInstalled()) standInShopApi({});
  const settingsValue = opts.settings === undefined ? settings : opts.settings;
  const sessionValue: Session = { token: "", setToken: () => {}, logout: () => {}, realtime: null, ...opts.session };
  const shell = (
    <SettingsContext.Provider value={settingsValue}>
      <ShopShell />
    </SettingsContext.Provider>
  );
  let current: Location | undefined;
  let navigate: NavigateFunction | undefined;
  const result = render(
    <MemoryRouter initialEntries={[path]}>
      <LocationProbe
        onChange={(l, n) => {
          current = l;
          navigate = n;
        }}
      />
      {opts.liveSession ? (
        <LiveSession initial={sessionValue}>{shell}</LiveSession>
      ) : (
        <SessionContext.Provider value={sessionValue}>{shell}</SessionContext.Provider>
      )}
    </MemoryRouter>,
  );
  return { ...result, pathname: () => current?.pathname, search: () => current?.search, back: () => act(() => void navigate?.(-1)) };
}

/** A complete Luanda delivery address, as the checkout's labelled fields take it. */
export const LUANDA_ADDRESS_FIELDS: Readonly<Record<string, string>> = {
  "Primeiro nome": "Ana",
  Sobrenome: "Silva",
  Email: "ana@example.ao",
  "Endereço da Rua": "Rua 1",
  Cidade: "Luanda",
  "Código Postal": "1000",
  País: "Angola",
  Telefone: "923000000",
};
