import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { HeroCarousel } from "../../storefront/components/hero-carousel.tsx";
import { HERO_SLIDES } from "../../storefront/features/catalogue/hero-slides.ts";
import { catalogue, renderShop } from "./harness.tsx";

const SKELETON_WAIT = { timeout: 3000 };

describe("home", () => {
  it("shows 8 skeletons for a second, then the hero, the 12 latest (newest first) and the best sellers", async () => {
    renderShop("/", { products: catalogue(30, (n) => ({ bestseller: n <= 3 })) });
    expect(await screen.findAllByTestId("skeleton")).toHaveLength(8);
    expect(await screen.findAllByTestId("hero-slide", {}, SKELETON_WAIT)).toHaveLength(4);
    expect(screen.queryAllByTestId("skeleton")).toHaveLength(0);
    const cards = screen.getAllByTestId("product-card");
    expect(cards).toHaveLength(15);
    expect(cards[0]).toHaveTextContent("Produto 30");
    expect(cards[11]).toHaveTextContent("Produto 19");
    expect(cards.slice(12).map((c) => c.textContent)).toEqual([expect.stringContaining("Produto 1"), expect.stringContaining("Produto 2"), expect.stringContaining("Produto 3")]);
    expect(cards[0]).toHaveAttribute("href", "/product/p30");
    expect(screen.getByText("Troca fácil")).toBeInTheDocument();
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
    ...catalogue(2).map((p, i) => ({ ...p, _id: `e${i}`, name: `Telefone ${i}`, price: 50 + i, category: "Eletronico", subCategory: "Smartphones & Tablets" })),
  ];

  it("shows 12 skeletons for a second, then every product card linking to its page", async () => {
    renderShop("/collection", { products });
    expect(await screen.findAllByTestId("skeleton")).toHaveLength(12);
    expect(await screen.findAllByTestId("product-card", {}, SKELETON_WAIT)).toHaveLength(5);
  });

  it("filters by category and sub-category and sorts by price", async () => {
    renderShop("/collection", { products });
    await screen.findAllByTestId("product-card", {}, SKELETON_WAIT);
    fireEvent.click(screen.getByLabelText("Eletronico"));
    expect(screen.getAllByTestId("product-card")).toHaveLength(2);
    fireEvent.click(screen.getByLabelText("Eletronico"));
    fireEvent.click(screen.getByRole("button", { name: "Subcategorias de Moda" }));
    fireEvent.click(screen.getByLabelText("Moda Masculina"));
    expect(screen.getAllByTestId("product-card")).toHaveLength(3);
    fireEvent.click(screen.getByLabelText("Moda Masculina"));
    fireEvent.change(screen.getByRole("combobox", { name: "Ordenar" }), { target: { value: "low-high" } });
    expect(screen.getAllByTestId("product-card")[0]).toHaveTextContent("Telefone 0");
    fireEvent.change(screen.getByRole("combobox", { name: "Ordenar" }), { target: { value: "high-low" } });
    expect(screen.getAllByTestId("product-card")[0]).toHaveTextContent("Produto 3");
  });

  it("the search box appears only after the search icon, and then filters by name", async () => {
    renderShop("/", { products });
    expect(screen.queryByRole("searchbox")).toBeNull();
    fireEvent.click(await screen.findByRole("button", { name: "Pesquisar" }));
    const box = await screen.findByRole("searchbox");
    fireEvent.change(box, { target: { value: "telefone" } });
    await screen.findAllByTestId("product-card", {}, SKELETON_WAIT);
    expect(screen.getAllByTestId("product-card")).toHaveLength(2);
    fireEvent.click(screen.getByRole("button", { name: "Fechar pesquisa" }));
    expect(screen.queryByRole("searchbox")).toBeNull();
    expect(screen.getAllByTestId("product-card")).toHaveLength(5);
  });
});

describe("/novos", () => {
  it("shows 10 skeletons, then the first 34 products under ÚLTIMAS NOVIDADES", async () => {
    renderShop("/novos", { products: catalogue(40) });
    expect(await screen.findAllByTestId("skeleton")).toHaveLength(10);
    const cards = await screen.findAllByTestId("product-card", {}, SKELETON_WAIT);
    expect(cards).toHaveLength(34);
    expect(screen.getByRole("heading", { name: "ÚLTIMAS NOVIDADES" })).toBeInTheDocument();
    const first = cards[0]!;
    expect(first).toHaveAttribute("href", "/product/p1");
    expect(within(first).getByRole("img")).toHaveAttribute("src", "/media/thumb-1");
    expect(first).toHaveTextContent(/Produto 1.*1\s?000,00 kz/);
  });
});

describe("product page", () => {
  it("stays blank until the product is in the loaded list", async () => {
    renderShop("/product/missing", { products: catalogue(3) });
    await screen.findByRole("navigation", { name: "Principal" });
    expect(screen.queryByRole("button", { name: "ADICIONAR AO CARRINHO" })).toBeNull();
  });

  it("refuses to add without a size, then adds the chosen size and counts it in the cart badge", async () => {
    renderShop("/product/p1", { products: catalogue(8) });
    const add = await screen.findByRole("button", { name: "ADICIONAR AO CARRINHO" });
    expect(screen.getByRole("heading", { name: "Produto 1" })).toBeInTheDocument();
    expect(screen.getByText("1 000,00 kz", { exact: false })).toBeInTheDocument();
    fireEvent.click(add);
    expect(await screen.findByText("Select Product Size")).toBeInTheDocument();
    expect(screen.getByTestId("cart-count")).toHaveTextContent("0");
    fireEvent.click(screen.getByRole("radio", { name: "L" }));
    fireEvent.click(add);
    fireEvent.click(add);
    expect(await screen.findAllByText("Produto adicionado ao carrinho!")).not.toHaveLength(0);
    expect(screen.getByTestId("cart-count")).toHaveTextContent("2");
    expect(JSON.parse(localStorage.getItem("guestCart") ?? "{}")).toEqual({ p1: { L: 2 } });
    // up to 5 related products of the same category and sub-category
    expect(screen.getAllByTestId("product-card")).toHaveLength(5);
    expect(screen.getByText("Produto 100% original.")).toBeInTheDocument();
    expect(screen.getByText("Pagamento por transferência bancária.")).toBeInTheDocument();
    localStorage.clear();
  });

  it("the gallery switches the main image", async () => {
    renderShop("/product/p2", { products: catalogue(2) });
    await screen.findByRole("button", { name: "Imagem 2" });
    fireEvent.click(screen.getByRole("button", { name: "Imagem 2" }));
    expect(screen.getByRole("img", { name: "Produto 2" })).toHaveAttribute("src", "/media/thumb-2b");
    expect(screen.getByRole("img", { name: "Produto 2" })).toHaveAttribute("srcset", "/media/thumb-2b 400w, /media/full-2b 1000w");
  });
});
