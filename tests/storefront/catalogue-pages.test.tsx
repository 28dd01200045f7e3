import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { HeroCarousel } from "../../storefront/features/catalogue/hero-carousel.tsx";
import { HOME_URL, NOVOS_URL } from "../../storefront/features/catalogue/api/catalogue.ts";
import { HERO_SLIDES } from "../../storefront/features/catalogue/hero-slides.ts";
import { seedServerPage } from "../../storefront/features/catalogue/server-initial.ts";
import { shopWhatsApp } from "../../storefront/features/settings/whatsapp.ts";
import { formatKz } from "../../shared/money.ts";
import { shopWhatsAppNumber } from "../../shared/phones.ts";
import { catalogue, product, renderShop, settings } from "./harness.tsx";
import { standInShopApi, type ApiCall } from "./shop-api-stand-in.ts";

// Each screen asks the catalogue endpoints for what it shows, never for the whole product list.

const SKELETON_WAIT = { timeout: 3000 };

/** The catalogue requests made, in order. */
const catalogueCalls = (calls: readonly ApiCall[]) =>
  calls.map((c) => c.path).filter((p) => p.startsWith("/api/catalogue/") || p.startsWith("/api/product/"));

afterEach(() => vi.unstubAllGlobals());

describe("home", () => {
  it("shows 8 skeletons for a second, then the hero, the 12 latest (newest first) and the best sellers, from one small request", async () => {
    const calls = standInShopApi({});
    renderShop("/", { products: catalogue(30, (n) => ({ bestseller: n <= 3 })) });
    expect(await screen.findAllByTestId("skeleton")).toHaveLength(8);
    expect(await screen.findAllByTestId("hero-slide", {}, SKELETON_WAIT)).toHaveLength(4);
    expect(screen.queryAllByTestId("skeleton")).toHaveLength(0);
    const cards = await screen.findAllByTestId("product-card");
    expect(cards).toHaveLength(15);
    expect(cards[0]).toHaveTextContent("Produto 30");
    expect(cards[11]).toHaveTextContent("Produto 19");
    expect(cards.slice(12).map((c) => c.textContent)).toEqual([
      expect.stringContaining("Produto 1"),
      expect.stringContaining("Produto 2"),
      expect.stringContaining("Produto 3"),
    ]);
    expect(cards[0]).toHaveAttribute("href", "/product/p30");
    expect(screen.getByText("Troca fácil")).toBeInTheDocument();
    expect(catalogueCalls(calls)).toEqual([HOME_URL]);
    expect(document.title).toBe("Loja — Importados 100% originais em Angola");
  });
});

describe("hero carousel", () => {
  afterEach(() => vi.useRealTimers());

  it("loads only the current and the next slide's image, the others as it reaches them", () => {
    vi.useFakeTimers();
    const slides = HERO_SLIDES.map((s, i) => ({ ...s, src: `/hero-${i}.webp`, srcSet: `/hero-${i}.webp 800w` }));
    const { container } = render(<HeroCarousel slides={slides} />);
    const images = () => [...container.querySelectorAll("img")].map((img) => img.getAttribute("src"));
    expect(images()).toEqual(["/hero-0.webp", "/hero-1.webp"]);
    act(() => vi.advanceTimersByTime(20_000));
    expect(images()).toEqual(["/hero-0.webp", "/hero-1.webp", "/hero-2.webp"]);
    act(() => vi.advanceTimersByTime(40_000));
    expect(images()).toHaveLength(4);
  });

  it("advances every 20 s with a 1 s fade and wraps to the first slide", () => {
    vi.useFakeTimers();
    render(<HeroCarousel slides={HERO_SLIDES} />);
    const visible = () => screen.getAllByTestId("hero-slide").findIndex((s) => s.getAttribute("aria-hidden") === "false");
    expect(visible()).toBe(0);
    expect(screen.getAllByTestId("hero-slide")[0]).toHaveStyle({ transition: "opacity 1000ms ease-in-out" });
    act(() => vi.advanceTimersByTime(19_999));
    expect(visible()).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(visible()).toBe(1);
    act(() => vi.advanceTimersByTime(3 * 20_000));
    expect(visible()).toBe(0);
    // not clickable: no link or button inside
    expect(screen.queryAllByRole("link")).toHaveLength(0);
    expect(screen.queryAllByRole("button")).toHaveLength(0);
  });
});

describe("collection", () => {
  const products = [
    ...catalogue(3),
    ...catalogue(2).map((p, i) => ({
      ...p,
      _id: `e${i}`,
      name: `Telefone ${i}`,
      price: 50 + i,
      category: "Eletronico",
      subCategory: "Smartphones & Tablets",
    })),
  ];
  const cards = () => screen.queryAllByTestId("product-card");

  it("shows 12 skeletons for a second, then the product cards linking to their pages and the total", async () => {
    renderShop("/collection", { products });
    expect(await screen.findAllByTestId("skeleton")).toHaveLength(12);
    expect(await screen.findAllByTestId("product-card", {}, SKELETON_WAIT)).toHaveLength(5);
    expect(cards()[0]).toHaveAttribute("href", "/product/p1");
    expect(screen.getByTestId("collection-total")).toHaveTextContent("5 produtos");
    expect(screen.queryByRole("button", { name: "Ver mais" })).toBeNull();
    expect(document.title).toBe("Coleção — Loja");
  });

  it("filters by category and sub-category and sorts by price, each kept in the address", async () => {
    const { search } = renderShop("/collection", { products });
    await screen.findAllByTestId("product-card", {}, SKELETON_WAIT);
    fireEvent.click(screen.getByLabelText("Eletronico"));
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(search()).toBe("?category=Eletronico");
    expect(screen.getByTestId("collection-total")).toHaveTextContent("2 produtos");
    fireEvent.click(screen.getByLabelText("Eletronico"));
    fireEvent.click(screen.getByRole("button", { name: "Subcategorias de Moda" }));
    fireEvent.click(screen.getByLabelText("Moda Masculina"));
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(search()).toBe("?subCategory=Moda+Masculina");
    fireEvent.click(screen.getByLabelText("Moda Masculina"));
    fireEvent.change(screen.getByRole("combobox", { name: "Ordenar" }), { target: { value: "price_asc" } });
    await waitFor(() => expect(cards()[0]).toHaveTextContent("Telefone 0"));
    expect(search()).toBe("?sort=price_asc");
    fireEvent.change(screen.getByRole("combobox", { name: "Ordenar" }), { target: { value: "price_desc" } });
    await waitFor(() => expect(cards()[0]).toHaveTextContent("Produto 3"));
    expect(cards()).toHaveLength(5);
  });

  it("opens with the filters, sort and search its address names", async () => {
    renderShop("/collection?q=telefone&sort=price_desc&category=Eletronico", { products });
    await screen.findAllByTestId("product-card", {}, SKELETON_WAIT);
    expect(cards().map((c) => c.getAttribute("href"))).toEqual(["/product/e1", "/product/e0"]);
    expect(screen.getByLabelText("Eletronico")).toBeChecked();
    expect(screen.getByRole("combobox", { name: "Ordenar" })).toHaveValue("price_desc");
    expect(screen.getByRole("searchbox")).toHaveValue("telefone");
    // The results say what was searched for.
    expect(screen.getByTestId("collection-total")).toHaveTextContent("2 produtos para «telefone»");
  });

  it("the search box appears only after the search icon, then drives ?q= once typing pauses; closing it clears the filter", async () => {
    const calls = standInShopApi({});
    const { search } = renderShop("/", { products });
    expect(screen.queryByRole("searchbox")).toBeNull();
    fireEvent.click(await screen.findByRole("button", { name: "Pesquisar" }));
    const box = await screen.findByRole("searchbox");
    for (const typed of ["t", "te", "tel", "telefone"]) fireEvent.change(box, { target: { value: typed } });
    await waitFor(() => expect(search()).toBe("?q=telefone"));
    await waitFor(() => expect(cards()).toHaveLength(2), SKELETON_WAIT);
    // one request for the word, none for each letter
    expect(catalogueCalls(calls).filter((u) => u.includes("q="))).toEqual(["/api/catalogue/products?q=telefone&page=1&pageSize=24"]);
    fireEvent.click(screen.getByRole("button", { name: "Fechar pesquisa" }));
    expect(screen.queryByRole("searchbox")).toBeNull();
    await waitFor(() => expect(cards()).toHaveLength(5));
    expect(search()).toBe("");
  });

  describe("pages of 24", () => {
    const big = catalogue(60);
    let observers: FakeObserver[] = [];
    class FakeObserver {
      constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {
        observers.push(this);
      }
      observe() {}
      disconnect() {
        observers = observers.filter((o) => o !== this);
      }
      /** The end of the grid came near the screen. */
      reach() {
        act(() => this.callback([{ isIntersecting: true }]));
      }
    }
    afterEach(() => {
      observers = [];
      window.scrollTo = () => {};
      Object.defineProperty(window, "scrollY", { value: 0, configurable: true });
    });

    it("loads the next page when the end of the grid nears the screen, and says how many there are", async () => {
      vi.stubGlobal("IntersectionObserver", FakeObserver);
      const { search } = renderShop("/collection", { products: big });
      expect(await screen.findAllByTestId("product-card", {}, SKELETON_WAIT)).toHaveLength(24);
      expect(screen.getByTestId("collection-total")).toHaveTextContent("60 produtos");
      await waitFor(() => expect(observers).toHaveLength(1));
      observers[0]!.reach();
      await waitFor(() => expect(cards()).toHaveLength(48));
      expect(search()).toBe("?page=2");
      expect(cards()[24]).toHaveAttribute("href", "/product/p25");
      await waitFor(() => expect(observers).toHaveLength(1));
      observers[0]!.reach();
      await waitFor(() => expect(cards()).toHaveLength(60));
      expect(screen.queryByRole("button", { name: "Ver mais" })).toBeNull();
    });

    it("back from a product returns to the same filters, pages and place in the grid without asking again ('Ver mais' without IntersectionObserver)", async () => {
      const calls = standInShopApi({});
      const scrolledTo: number[] = [];
      window.scrollTo = ((_x: number, y: number) => void scrolledTo.push(y)) as typeof window.scrollTo;
      const { back, search, pathname } = renderShop("/collection?category=Moda", { products: big });
      expect(await screen.findAllByTestId("product-card", {}, SKELETON_WAIT)).toHaveLength(24);
      fireEvent.click(screen.getByRole("button", { name: "Ver mais" }));
      await waitFor(() => expect(cards()).toHaveLength(48));
      expect(search()).toBe("?category=Moda&page=2");
      Object.defineProperty(window, "scrollY", { value: 2400, configurable: true });
      fireEvent.scroll(window);

      fireEvent.click(cards()[30]!);
      expect(await screen.findByRole("heading", { name: "Produto 31" })).toBeInTheDocument();
      Object.defineProperty(window, "scrollY", { value: 0, configurable: true });
      const asked = catalogueCalls(calls).length;

      back();
      expect(pathname()).toBe("/collection");
      expect(await screen.findAllByTestId("product-card")).toHaveLength(48);
      expect(screen.queryAllByTestId("skeleton")).toHaveLength(0);
      expect(scrolledTo.at(-1)).toBe(2400);
      expect(screen.getByLabelText("Moda")).toBeChecked();
      expect(catalogueCalls(calls)).toHaveLength(asked);
    });
  });
});

describe("/novos", () => {
  it("shows 10 skeletons, then the 34 newest products under ÚLTIMAS NOVIDADES", async () => {
    const calls = standInShopApi({});
    renderShop("/novos", { products: catalogue(40) });
    expect(await screen.findAllByTestId("skeleton")).toHaveLength(10);
    const cards = await screen.findAllByTestId("product-card", {}, SKELETON_WAIT);
    expect(cards).toHaveLength(34);
    expect(screen.getByRole("heading", { name: "ÚLTIMAS NOVIDADES" })).toBeInTheDocument();
    const first = cards[0]!;
    expect(first).toHaveAttribute("href", "/product/p40");
    expect(within(first).getByRole("img")).toHaveAttribute("src", "/media/thumb-40");
    expect(first).toHaveTextContent(/Produto 40.*40\s?000,00 kz/);
    expect(catalogueCalls(calls)).toEqual([NOVOS_URL]);
    expect(document.title).toBe("Últimas novidades — Loja");
  });
});

describe("product page", () => {
  it("an unknown product shows 'Produto não encontrado' with a way back to the collection", async () => {
    renderShop("/product/missing", { products: catalogue(3) });
    expect(await screen.findByRole("heading", { name: "Produto não encontrado" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "VER A COLEÇÃO" })).toHaveAttribute("href", "/collection");
    expect(screen.queryByRole("button", { name: "ADICIONAR AO CARRINHO" })).toBeNull();
    expect(document.title).toBe("Produto não encontrado — Loja");
  });

  it("refuses to add without a size, then adds the chosen size and counts it in the cart badge", async () => {
    renderShop("/product/p1", { products: catalogue(8) });
    const add = await screen.findByRole("button", { name: "ADICIONAR AO CARRINHO" });
    expect(screen.getByRole("heading", { name: "Produto 1" })).toBeInTheDocument();
    expect(screen.getByText("1 000,00 kz", { exact: false })).toBeInTheDocument();
    fireEvent.click(add);
    expect(await screen.findByText("Select Product Size")).toBeInTheDocument();
    expect(screen.getByTestId("cart-count")).toHaveTextContent("0");
    expect(screen.queryByRole("link", { name: "Ver carrinho" })).toBeNull();
    fireEvent.click(screen.getByRole("radio", { name: "L" }));
    fireEvent.click(add);
    fireEvent.click(add);
    expect(await screen.findAllByText("Produto adicionado ao carrinho!")).not.toHaveLength(0);
    expect(screen.getByTestId("cart-count")).toHaveTextContent("2");
    // The way to the cart stays beside the button once the toast has gone.
    expect(screen.getByTestId("product-added")).toHaveTextContent("Está no seu carrinho.");
    expect(screen.getByRole("link", { name: "Ver carrinho" })).toHaveAttribute("href", "/cart");
    expect(JSON.parse(localStorage.getItem("guestCart") ?? "{}")).toEqual({ p1: { L: 2 } });
    // up to 5 related products of the same category and sub-category
    expect(screen.getAllByTestId("product-card")).toHaveLength(5);
    expect(screen.getByText("Produto 100% original.")).toBeInTheDocument();
    expect(screen.getByText("Pagamento por transferência bancária.")).toBeInTheDocument();
    localStorage.clear();
  });

  it("a sold-out product says so on its card and page, and offers no way to add it", async () => {
    renderShop("/product/p1", { products: catalogue(3, (n) => ({ soldOut: n <= 2 })) });
    const button = await screen.findByRole("button", { name: "ESGOTADO" });
    expect(button).toBeDisabled();
    expect(screen.queryByRole("button", { name: "ADICIONAR AO CARRINHO" })).toBeNull();
    expect(screen.getByText(/Este produto está esgotado/)).toBeInTheDocument();
    // The related sold-out product's card carries the badge.
    const related = screen.getAllByTestId("product-card").find((c) => c.textContent?.includes("Produto 2"));
    expect(related).toHaveTextContent("Esgotado");
  });

  it("names the tab and describes the page after the product", async () => {
    renderShop("/product/p2", { products: catalogue(2, () => ({ description: `Cadeira  de\nmadeira ${"muito ".repeat(40)}boa` })) });
    await screen.findByRole("heading", { name: "Produto 2" });
    expect(document.title).toBe("Produto 2 — Loja");
    const description = document.querySelector('meta[name="description"]')?.getAttribute("content") ?? "";
    // one line of at most 160 characters, cut at a word, as the server's HTML has it
    expect(description).toMatch(/^Cadeira de madeira (muito )+muito…$/);
    expect(description.length).toBeLessThanOrEqual(160);
  });

  it("shares the product on WhatsApp and asks the shop about it on the shop's number", async () => {
    renderShop("/product/p1", { products: catalogue(2) });
    const summary = `Produto 1 — ${formatKz(1000)}\n${window.location.origin}/product/p1`;
    expect(await screen.findByRole("link", { name: "Partilhar no WhatsApp" })).toHaveAttribute(
      "href",
      `https://wa.me/?text=${encodeURIComponent(summary)}`,
    );
    expect(screen.getByRole("link", { name: "Perguntar no WhatsApp" })).toHaveAttribute(
      "href",
      `https://wa.me/244923000001?text=${encodeURIComponent(`Olá! Tenho uma pergunta sobre este produto:\n${summary}`)}`,
    );
  });

  it("without a shop phone there is no one to ask: only the share link", async () => {
    renderShop("/product/p1", { products: catalogue(2), settings: { ...settings, phones: [], whatsapp: null } });
    expect(await screen.findByRole("link", { name: "Partilhar no WhatsApp" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Perguntar no WhatsApp" })).toBeNull();
  });

  describe("server-rendered", () => {
    const serve = (path: string, initial: unknown) => {
      window.history.replaceState(null, "", path);
      const script = Object.assign(document.createElement("script"), {
        id: "loja-initial",
        type: "application/json",
        textContent: JSON.stringify(initial),
      });
      document.body.append(script);
      seedServerPage();
    };
    afterEach(() => {
      document.getElementById("loja-initial")?.remove();
      window.history.replaceState(null, "", "/");
    });

    it("uses the product the server put in the page instead of asking for it", async () => {
      const calls = standInShopApi({});
      serve("/product/p7", { product: product(7, { name: "Cadeira <Luxo>" }), related: [product(8)] });
      renderShop("/product/p7", { products: [] });
      expect(await screen.findByRole("heading", { name: "Cadeira <Luxo>" })).toBeInTheDocument();
      expect(screen.getAllByTestId("product-card")).toHaveLength(1);
      expect(catalogueCalls(calls)).toEqual([]);
    });

    it("a product the server did not find shows the not-found page without asking again", async () => {
      const calls = standInShopApi({});
      serve("/product/gone", { product: null });
      renderShop("/product/gone", { products: catalogue(2) });
      expect(await screen.findByRole("heading", { name: "Produto não encontrado" })).toBeInTheDocument();
      expect(catalogueCalls(calls)).toEqual([]);
    });

    it("data for another product is not used", async () => {
      const calls = standInShopApi({});
      serve("/product/p7", { product: product(7), related: [] });
      renderShop("/product/p1", { products: catalogue(2) });
      expect(await screen.findByRole("heading", { name: "Produto 1" })).toBeInTheDocument();
      expect(catalogueCalls(calls)).toEqual(["/api/catalogue/products/p1"]);
    });
  });

  it("the gallery switches the main image", async () => {
    renderShop("/product/p2", { products: catalogue(2) });
    await screen.findByRole("button", { name: "Imagem 2" });
    fireEvent.click(screen.getByRole("button", { name: "Imagem 2" }));
    expect(screen.getByRole("img", { name: "Produto 2" })).toHaveAttribute("src", "/media/thumb-2b");
    expect(screen.getByRole("img", { name: "Produto 2" })).toHaveAttribute(
      "srcset",
      "/media/thumb-2b 400w, /media/middle-2b 800w, /media/full-2b 1000w",
    );
  });
});

describe("the shop's WhatsApp number", () => {
  it("is the settings' WhatsApp number, else the first phone, digits only, with Angola's 244 added to a 9-digit number", () => {
    const withPhones = (phones: string[], whatsapp = "") => shopWhatsApp({ ...settings, whatsapp: shopWhatsAppNumber(whatsapp, phones) });
    expect(withPhones(["923 000 001"])).toBe("244923000001");
    expect(withPhones(["+244 923-000-001", "912 000 000"])).toBe("244923000001");
    expect(withPhones(["00244 923 000 001"])).toBe("244923000001");
    expect(withPhones(["+351 912 345 678"])).toBe("351912345678");
    expect(withPhones(["923 000 001"], "+244912000000")).toBe("244912000000");
    expect(withPhones([])).toBeUndefined();
    expect(shopWhatsApp(null)).toBeUndefined();
  });
});
