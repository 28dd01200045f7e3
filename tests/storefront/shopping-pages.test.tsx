import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { ANGOLA_PROVINCES } from "../../shared/checkout.ts";
import { ErrorBoundary } from "../../storefront/app/error-page.tsx";
import { NOVOS_URL } from "../../storefront/features/catalogue/api/catalogue.ts";
import { LUANDA_ADDRESS_FIELDS, catalogue, renderShop, settings } from "./harness.tsx";
import { standInShopApi } from "./shop-api-stand-in.ts";

const SKELETON_WAIT = { timeout: 3000 };

afterEach(() => localStorage.clear());

describe("cart", () => {
  beforeEach(() => localStorage.setItem("guestCart", JSON.stringify({ p1: { M: 2 }, p2: { L: 1 } })));

  // The demo's zones: Luanda 5 000 kz free from 150 000 kz, the other provinces 8 000 kz (GET /api/delivery/estimate).
  const LUANDA = { price: 5000, freeFrom: 150000, where: "Luanda" };
  const OTHERS = { price: 8000, freeFrom: null, where: "Outras províncias" };
  const estimateRoute = () => ({
    "GET /api/delivery/estimate": (call: { path: string }) => {
      const state = new URL(call.path, "http://shop.test").searchParams.get("state");
      return state === "Luanda"
        ? { success: true, provinceKnown: true, rules: [LUANDA] }
        : state
          ? { success: true, provinceKnown: true, rules: [OTHERS] }
          : { success: true, provinceKnown: false, rules: [LUANDA, OTHERS] };
    },
  });

  it("lists each line with image, name, price and size, and shows subtotal, the fee as an estimate and total", async () => {
    const calls = standInShopApi(estimateRoute());
    renderShop("/cart", { products: catalogue(2, (n) => ({ price: n === 1 ? 1500 : 250.5 })) });
    const lines = await screen.findAllByTestId("cart-line");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveTextContent(/Produto 1.*1\s?500,00 kz.*M/);
    expect(lines[0]!.querySelector("img")).toHaveAttribute("src", "/media/thumb-1");
    expect(screen.getByTestId("subtotal")).toHaveTextContent(/^3\s?250,50 kz$/);
    expect(screen.getByText("Taxa de envio")).toBeInTheDocument();
    // No province yet: never the default fee as if final, but "a partir de" the lowest, and what lacks for free delivery.
    await waitFor(() => expect(screen.getByTestId("delivery-fee-total")).toHaveTextContent(/^a partir de 5\s?000,00 kz$/));
    expect(screen.getByText("(estimativa)")).toBeInTheDocument();
    expect(screen.getByTestId("total")).toHaveTextContent(/^a partir de 8\s?250,50 kz$/);
    expect(screen.getByTestId("free-delivery")).toHaveTextContent(/^Faltam 146\s?749,50 kz para a entrega grátis em Luanda\.$/);
    expect(screen.getByTestId("delivery-estimate")).toHaveTextContent("O valor final depende da província");
    expect(calls.map((c) => c.path)).toContain("/api/delivery/estimate?state=&city=");
    expect(screen.getByRole("link", { name: "FINALIZAR COMPRA" })).toHaveAttribute("href", "/place-order");
  });

  it("prices delivery exactly once the checkout's address names the province, free from the zone's amount", async () => {
    standInShopApi(estimateRoute());
    sessionStorage.setItem("checkoutDraft", JSON.stringify({ address: { state: "Luanda", city: "Talatona" }, typed: ["state"] }));
    localStorage.setItem("guestCart", JSON.stringify({ p1: { M: 1 } }));
    renderShop("/cart", { products: catalogue(1, () => ({ price: 150000 })) });
    await waitFor(() => expect(screen.getByTestId("delivery-fee-total")).toHaveTextContent(/^grátis$/));
    expect(screen.queryByText("(estimativa)")).toBeNull();
    expect(screen.getByTestId("total")).toHaveTextContent(/^150\s?000,00 kz$/);
    expect(screen.getByTestId("free-delivery")).toHaveTextContent(/^A entrega é grátis\.$/);
    expect(screen.queryByTestId("delivery-estimate")).toBeNull();
  });

  it('reads "grátis" (never "a partir de 0,00 kz") once a zone\'s free delivery is reached before the province is known', async () => {
    standInShopApi(estimateRoute());
    localStorage.setItem("guestCart", JSON.stringify({ p1: { M: 1 } }));
    renderShop("/cart", { products: catalogue(1, () => ({ price: 150000 })) });
    await waitFor(() => expect(screen.getByTestId("delivery-fee-total")).toHaveTextContent(/^grátis em Luanda$/));
    expect(screen.getByText("(estimativa)")).toBeInTheDocument();
    expect(screen.getByTestId("total")).toHaveTextContent(/^a partir de 150\s?000,00 kz$/);
    expect(screen.getByTestId("free-delivery")).toHaveTextContent(/^A entrega é grátis em Luanda\.$/);
    expect(screen.getByTestId("delivery-estimate")).toHaveTextContent("O valor final depende da província");
  });

  it("signed in, prices delivery with the account's saved address until the checkout's form says otherwise", async () => {
    const calls = standInShopApi({
      ...estimateRoute(),
      "POST /api/cart/get": () => ({ success: true, cartData: { p1: { M: 1 } } }),
      "GET /api/user/account": () => ({
        success: true,
        account: { name: "Helena", email: "h@exemplo.ao", savedAddress: { state: "Benguela", city: "Benguela" } },
      }),
    });
    renderShop("/cart", { products: catalogue(1), session: { token: "t", realtime: null } });
    await waitFor(() => expect(screen.getByTestId("delivery-fee-total")).toHaveTextContent(/^8\s?000,00 kz$/));
    expect(screen.queryByTestId("free-delivery")).toBeNull();
    expect(calls.map((c) => c.path)).toContain("/api/delivery/estimate?state=Benguela&city=Benguela");
  });

  it("without the shop's answer the fee is left to the checkout, never shown as the default", async () => {
    standInShopApi({});
    // A URL no earlier test asked for (an unmounting page may ask again while the cache is cleared).
    sessionStorage.setItem("checkoutDraft", JSON.stringify({ address: { state: "Namibe", city: "" }, typed: [] }));
    renderShop("/cart", { products: catalogue(2) });
    await waitFor(() => expect(screen.getByTestId("delivery-fee-total")).toHaveTextContent("calculada ao finalizar"));
    expect(screen.getByTestId("total")).toHaveTextContent(/\+ envio$/);
  });

  it("ignores an empty or 0 quantity, applies a positive one, and removes a line only with the bin", async () => {
    renderShop("/cart", { products: catalogue(2) });
    const qty = await screen.findByRole("spinbutton", { name: "Quantidade de Produto 1" });
    expect(qty).toHaveAttribute("min", "1");
    fireEvent.change(qty, { target: { value: "0" } });
    fireEvent.change(qty, { target: { value: "" } });
    expect(screen.getAllByTestId("cart-line")).toHaveLength(2);
    expect(screen.getByTestId("cart-count")).toHaveTextContent("3");
    fireEvent.change(qty, { target: { value: "5" } });
    expect(screen.getByTestId("cart-count")).toHaveTextContent("6");
    fireEvent.click(screen.getByRole("button", { name: "Remover Produto 1" }));
    expect(screen.getAllByTestId("cart-line")).toHaveLength(1);
    expect(screen.getByTestId("cart-count")).toHaveTextContent("1");
    expect(JSON.parse(localStorage.getItem("guestCart") ?? "{}")).toEqual({ p2: { L: 1 } });
  });

  it("asks for the cart's products by id, once for the cart and the checkout, never for the whole catalogue", async () => {
    const calls = standInShopApi({});
    renderShop("/cart", { products: catalogue(40) });
    expect(await screen.findAllByTestId("cart-line")).toHaveLength(2);
    fireEvent.click(screen.getByRole("link", { name: "FINALIZAR COMPRA" }));
    expect(await screen.findByTestId("total")).toHaveTextContent(/^9\s?000,00 kz$/);
    const catalogueCalls = calls.filter((c) => c.path.startsWith("/api/catalogue/") || c.path.startsWith("/api/product/"));
    expect(catalogueCalls.map((c) => c.path)).toEqual(["/api/catalogue/products?ids=p1,p2&pageSize=100"]);
  });

  it("an empty cart shows no delivery fee and no checkout, but the way back to the collection", async () => {
    localStorage.clear();
    renderShop("/cart", { products: catalogue(2) });
    expect(await screen.findByRole("link", { name: "Ver a coleção" })).toHaveAttribute("href", "/collection");
    expect(screen.getByText("O seu carrinho está vazio.")).toBeInTheDocument();
    expect(screen.queryByText("Taxa de envio")).toBeNull();
    expect(screen.queryByRole("link", { name: "FINALIZAR COMPRA" })).toBeNull();
  });

  it("a quantity box left blank or at 0 shows the line's quantity again when the shopper leaves it", async () => {
    renderShop("/cart", { products: catalogue(2) });
    const qty = await screen.findByRole("spinbutton", { name: "Quantidade de Produto 1" });
    fireEvent.change(qty, { target: { value: "" } });
    fireEvent.blur(qty);
    expect(qty).toHaveValue(2);
    fireEvent.change(qty, { target: { value: "0" } });
    fireEvent.blur(qty);
    expect(qty).toHaveValue(2);
    expect(screen.getByTestId("cart-count")).toHaveTextContent("3");
  });
});

describe("login", () => {
  it("toggles between Login and Sign Up; sign-up adds the name field", async () => {
    renderShop("/login");
    expect(await screen.findByRole("heading", { name: "Login" })).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Nome" })).toBeNull();
    expect(screen.getByRole("link", { name: "Esqueceu sua senha?" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Criar uma conta" }));
    expect(screen.getByRole("heading", { name: "Sign Up" })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Nome" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Faça login aqui" }));
    expect(screen.getByRole("heading", { name: "Login" })).toBeInTheDocument();
  });

  it("sign-up without a name, email or password says which one is missing", async () => {
    renderShop("/login");
    fireEvent.click(await screen.findByRole("button", { name: "Criar uma conta" }));
    fireEvent.click(screen.getByRole("button", { name: "Registar" }));
    expect(await screen.findByText("Nome é obrigatório")).toBeInTheDocument();
    fireEvent.change(screen.getByRole("textbox", { name: "Nome" }), { target: { value: "Ana" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Email" }), { target: { value: "ana" } });
    fireEvent.click(screen.getByRole("button", { name: "Registar" }));
    expect(await screen.findByText("Email é obrigatório")).toBeInTheDocument();
    fireEvent.change(screen.getByRole("textbox", { name: "Email" }), { target: { value: "ana@example.ao" } });
    fireEvent.click(screen.getByRole("button", { name: "Registar" }));
    expect(await screen.findByText("Password é obrigatório")).toBeInTheDocument();
  });

  it("goes to / once a token exists", async () => {
    const { pathname } = renderShop("/login", { session: { token: "t" } });
    await waitFor(() => expect(pathname()).toBe("/"));
  });

  it("shows the phone login block only where the shop configured it, without loading Google's script yet", async () => {
    renderShop("/login", { settings: { ...settings, phoneLogin: { apiKey: "k", authDomain: "loja.firebaseapp.com", projectId: "loja" } } });
    expect(await screen.findByRole("textbox", { name: "Número de telefone" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Enviar código" })).toBeInTheDocument();
    expect(document.querySelector("script[src*='recaptcha']")).toBeNull();
  });

  it("hides the phone login when the shop has not configured it", async () => {
    renderShop("/login", { settings: { ...settings, phoneLogin: null } });
    await screen.findByRole("heading", { name: "Login" });
    expect(screen.queryByRole("textbox", { name: "Número de telefone" })).toBeNull();
  });
});

describe("checkout", () => {
  const fill = (values: Record<string, string>) => {
    for (const [label, value] of Object.entries(values))
      fireEvent.change(screen.getByRole("textbox", { name: label }), { target: { value } });
  };
  const address = LUANDA_ADDRESS_FIELDS;

  it("offers bank transfer only, and names every missing field when submitted empty", async () => {
    renderShop("/place-order", { products: catalogue(1) });
    expect(await screen.findByRole("radio", { name: "Transferência Bancária" })).toBeChecked();
    expect(screen.getAllByRole("radio")).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "FINALIZAR PEDIDO" }));
    expect(await screen.findByText("Preencha todos os campos obrigatórios do endereço")).toBeInTheDocument();
    // País starts as Angola; every other required field is named under itself.
    for (const m of [
      "Primeiro nome é necessário",
      "Sobrenome é necessário",
      "Email é necessário",
      "Endereço da Rua é necessário",
      "Cidade é necessário",
      "Número de telefone é necessário",
    ]) {
      expect(screen.getByText(m)).toBeInTheDocument();
    }
    // Angola has no postal codes: an empty one is no error (0000 is sent in its place).
    expect(screen.queryByText("Código Postal é necessário")).toBeNull();
    expect(screen.queryByText("País é necessário")).toBeNull();
    fireEvent.change(screen.getByRole("textbox", { name: "País" }), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "FINALIZAR PEDIDO" }));
    expect(await screen.findByText("País é necessário")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Primeiro nome" })).toHaveAccessibleDescription("Primeiro nome é necessário");
  });

  it("labels every field visibly, starts with Angola, offers Angola's 21 provinces and says what to enter without a postal code", async () => {
    renderShop("/place-order", { products: catalogue(1) });
    await screen.findByRole("button", { name: "FINALIZAR PEDIDO" });
    for (const label of [
      "Primeiro nome",
      "Sobrenome",
      "Email",
      "Endereço da Rua",
      "Cidade",
      "Província",
      "Código Postal",
      "País",
      "Telefone",
    ]) {
      const field = screen.getByLabelText(label);
      // A <label> shown above the field, not a placeholder that vanishes once typed.
      expect(document.querySelector(`label[for="${field.id}"]`)).toHaveTextContent(label);
      expect(field).not.toHaveAttribute("placeholder");
    }
    expect(screen.getByRole("textbox", { name: "País" })).toHaveValue("Angola");
    const province = screen.getByRole("combobox", { name: "Província" });
    expect(
      within(province)
        .getAllByRole("option")
        .slice(1)
        .map((o) => o.textContent),
    ).toEqual([...ANGOLA_PROVINCES]);
    expect(ANGOLA_PROVINCES).toHaveLength(21);
    expect(screen.getByRole("textbox", { name: "Código Postal" })).toHaveAccessibleDescription("Opcional: em Angola pode deixar em branco");
  });

  it("keeps the form in the tab while the shopper signs up (started with the name and e-mail typed), then places the order as typed", async () => {
    localStorage.setItem("guestCart", JSON.stringify({ p1: { M: 1 } }));
    const calls = standInShopApi({
      "POST /api/user/register": () => ({ success: true, token: "novo", message: "ok" }),
      "POST /api/cart/merge": () => ({ success: true, cartData: { p1: { M: 1 } } }),
      "POST /api/cart/get": () => ({ success: true, cartData: { p1: { M: 1 } } }),
      "GET /api/user/account": () => ({
        success: true,
        account: { name: "Outra Pessoa", email: "outra@example.ao", phone: null, savedAddress: null, notifyEmail: true, notifyPush: false },
      }),
      "POST /api/order/place": () => ({ success: true, message: "Pedido realizado com sucesso!", orderId: "o".repeat(24) }),
    });
    const { pathname } = renderShop("/place-order", { products: catalogue(1), liveSession: true });
    await screen.findByRole("button", { name: "FINALIZAR PEDIDO" });
    const lubango = { ...address, Cidade: "Lubango" };
    fill(lubango);
    fireEvent.change(screen.getByRole("combobox", { name: "Província" }), { target: { value: "Huíla" } });
    fireEvent.click(screen.getByRole("button", { name: "FINALIZAR PEDIDO" }));
    await waitFor(() => expect(pathname()).toBe("/login"));

    // The sign-up form, with the checkout's name and e-mail.
    expect(screen.getByRole("textbox", { name: "Nome" })).toHaveValue("Ana Silva");
    expect(screen.getByRole("textbox", { name: "Email" })).toHaveValue(address.Email);
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "senha-segura-1" } });
    fireEvent.click(screen.getByRole("button", { name: "Registar" }));
    // Back on checkout, the order is placed at once with what the shopper typed (the account's other name and
    // e-mail do not replace it).
    await waitFor(() => expect(calls.some((c) => c.path === "/api/order/place")).toBe(true), { timeout: 10_000 });
    const sent = calls.find((c) => c.path === "/api/order/place")!.body as { address: Record<string, string> };
    expect(sent.address).toMatchObject({ firstName: "Ana", lastName: "Silva", email: address.Email, city: "Lubango", state: "Huíla" });
    await waitFor(() => expect(pathname()).toBe("/confirmacaotransferencia"));
    expect(calls.filter((c) => c.path === "/api/order/place")).toHaveLength(1);
  });

  it("a plain visit to /login still ends on / after signing in, though a checkout draft exists", async () => {
    renderShop("/place-order", { products: catalogue(1) });
    await screen.findByRole("button", { name: "FINALIZAR PEDIDO" });
    fill({ Cidade: "Lubango" });
    cleanup();
    const { pathname } = renderShop("/login", { session: { token: "t" } });
    await waitFor(() => expect(pathname()).toBe("/"));
  });

  it("refuses an empty cart", async () => {
    renderShop("/place-order", { products: catalogue(1) });
    await screen.findByRole("button", { name: "FINALIZAR PEDIDO" });
    fill(address);
    fireEvent.click(screen.getByRole("button", { name: "FINALIZAR PEDIDO" }));
    expect(await screen.findByText("Seu carrinho está vazio")).toBeInTheDocument();
  });

  it("sends a signed-out shopper with a full cart to /login instead of placing the order", async () => {
    localStorage.setItem("guestCart", JSON.stringify({ p1: { M: 1 } }));
    const { pathname } = renderShop("/place-order", { products: catalogue(1) });
    await screen.findByRole("button", { name: "FINALIZAR PEDIDO" });
    expect(screen.getByTestId("total")).toHaveTextContent(/^6\s?000,00 kz$/);
    fill(address);
    fireEvent.change(screen.getByRole("combobox", { name: "Província" }), { target: { value: "Luanda" } });
    fireEvent.click(screen.getByRole("button", { name: "FINALIZAR PEDIDO" }));
    await waitFor(() => expect(pathname()).toBe("/login"));
    expect(JSON.parse(localStorage.getItem("guestCart") ?? "{}")).toEqual({ p1: { M: 1 } });
  });
});

describe("orders and chat need a session", () => {
  it("/orders goes to /login without a token", async () => {
    const { pathname } = renderShop("/orders");
    await waitFor(() => expect(pathname()).toBe("/login"));
  });

  it("/message without an order id says the order is invalid", async () => {
    renderShop("/message", { session: { token: "t" } });
    expect(await screen.findByText("Pedido inválido ou não encontrado.")).toBeInTheDocument();
  });
});

describe("bank transfer confirmation", () => {
  it("shows a skeleton for a second, then the bank details with copy buttons and the link to the orders", async () => {
    renderShop("/confirmacaotransferencia");
    expect(await screen.findAllByTestId("skeleton")).not.toHaveLength(0);
    expect(await screen.findByText("Obrigado por fazer a sua encomenda conosco!", {}, SKELETON_WAIT)).toBeInTheDocument();
    for (const v of ["Banco Exemplo", "Loja Lda", "123456789", "AO06 0000 0000 1234 5678 9012 3"])
      expect(screen.getByText(v)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ver a Encomenda" })).toHaveAttribute("href", "/orders");
  });

  it("after copying says 'Copiado: ' and the field name in capitals for 2 seconds", async () => {
    const written: string[] = [];
    Object.defineProperty(window, "isSecureContext", { value: true, configurable: true });
    Object.defineProperty(navigator, "clipboard", { value: { writeText: async (t: string) => void written.push(t) }, configurable: true });
    renderShop("/confirmacaotransferencia");
    const copy = await screen.findByRole("button", { name: "Copiar IBAN" }, SKELETON_WAIT);
    vi.useFakeTimers();
    try {
      await act(async () => fireEvent.click(copy));
      expect(written).toEqual(["AO06 0000 0000 1234 5678 9012 3"]);
      expect(screen.getByRole("status")).toHaveTextContent("Copiado: IBAN");
      // Seen beside the button pressed (the page's live region, read aloud, may be a screen away on a phone).
      expect(within(copy.closest(".bank-row")!).getByTestId("copied-here")).toHaveTextContent("Copiado: IBAN");
      const holder = screen.getByRole("button", { name: "Copiar Titular da conta" });
      await act(async () => fireEvent.click(holder));
      expect(screen.getByRole("status")).toHaveTextContent("Copiado: TITULAR DA CONTA");
      expect(screen.getAllByTestId("copied-here")).toHaveLength(1);
      expect(within(holder.closest(".bank-row")!).getByTestId("copied-here")).toHaveTextContent("Copiado: TITULAR DA CONTA");
      act(() => vi.advanceTimersByTime(1999));
      expect(screen.getByRole("status")).toHaveTextContent("Copiado:");
      act(() => vi.advanceTimersByTime(1));
      expect(screen.getByRole("status")).toHaveTextContent("");
      expect(screen.queryByTestId("copied-here")).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("static pages", () => {
  it("about and contact show 6 skeletons, then the shop addresses, phones and one e-mail", async () => {
    for (const path of ["/about", "/contact"]) {
      const { unmount } = renderShop(path);
      expect(await screen.findAllByTestId("skeleton")).toHaveLength(6);
      expect(await screen.findByText("Rua da Missão 10, Luanda", {}, SKELETON_WAIT)).toBeInTheDocument();
      expect(screen.getByText("Avenida Norton de Matos 5, Benguela")).toBeInTheDocument();
      expect(screen.getAllByRole("link", { name: "+244 923 000 002" }).length).toBeGreaterThan(0);
      expect(screen.getAllByRole("link", { name: "loja@example.ao" }).length).toBeGreaterThan(0);
      unmount();
    }
  });

  it("the privacy policy has nine bilingual sections and one e-mail per language", async () => {
    renderShop("/privacypolicy");
    const sections = await screen.findAllByRole("heading", { level: 2 });
    expect(sections).toHaveLength(9);
    expect(screen.getAllByRole("heading", { level: 3 })).toHaveLength(9);
    expect(screen.getByText(/protegido por SSL/)).toBeInTheDocument();
    expect(screen.getByText(/7 dias úteis/)).toBeInTheDocument();
    expect(screen.getByText(/pelo menos 18 anos/)).toBeInTheDocument();
    const policy = within(screen.getByRole("main"));
    expect(policy.getByRole("link", { name: "loja@example.ao" })).toBeInTheDocument();
    expect(policy.getByRole("link", { name: "shop@example.ao" })).toBeInTheDocument();
  });
});

describe("layout", () => {
  it("every page has the header, the footer with three phones and one e-mail, the floating support and the bottom tabs", async () => {
    renderShop("/about");
    const footer = await screen.findByRole("contentinfo");
    expect(within(footer).getAllByRole("link", { name: /^\+244/ })).toHaveLength(3);
    expect(within(footer).getByRole("link", { name: "loja@example.ao" })).toBeInTheDocument();
    expect(within(footer).getByRole("link", { name: "CONTACTE-NOS" })).toHaveAttribute("href", "/contact");
    expect(screen.getByRole("link", { name: "Suporte por WhatsApp" })).toHaveAttribute("href", "https://wa.me/244923000001");
    const tabs = within(screen.getByRole("navigation", { name: "Navegação inferior" })).getAllByRole("link");
    expect(tabs.map((t) => t.textContent)).toEqual(["Home", "Coleção", "Novos", "Encomendas"]);
  });

  it("the chat and the PDF viewer show neither header, footer nor floating support", async () => {
    for (const path of ["/message", "/pdf-viewer"]) {
      const { unmount } = renderShop(path, { session: { token: "t" } });
      await waitFor(() => expect(document.querySelector("main")?.childElementCount).toBeGreaterThan(0));
      expect(screen.queryByRole("banner")).toBeNull();
      expect(screen.queryByRole("contentinfo")).toBeNull();
      expect(screen.queryByRole("navigation", { name: "Navegação inferior" })).toBeNull();
      expect(screen.queryByRole("link", { name: /Suporte/ })).toBeNull();
      unmount();
    }
  });

  it("the profile icon goes to /login when signed out, and offers Logout when signed in", async () => {
    const { pathname, unmount } = renderShop("/about");
    fireEvent.click(await screen.findByRole("button", { name: "Perfil" }));
    await waitFor(() => expect(pathname()).toBe("/login"));
    unmount();
    let loggedOut = false;
    renderShop("/about", { session: { token: "t", logout: () => void (loggedOut = true) } });
    fireEvent.click(await screen.findByRole("button", { name: "Perfil" }));
    fireEvent.click(screen.getByRole("menuitem", { name: "Logout" }));
    expect(loggedOut).toBe(true);
  });

  it("tapping the bottom tab of the current page asks the server again and shows the page afresh", async () => {
    const calls = standInShopApi({});
    renderShop("/novos", { products: catalogue(3) });
    await screen.findAllByTestId("product-card", {}, SKELETON_WAIT);
    const asked = () => calls.filter((c) => c.path === NOVOS_URL).length;
    expect(asked()).toBe(1);
    fireEvent.click(within(screen.getByRole("navigation", { name: "Navegação inferior" })).getByRole("link", { name: "Novos" }));
    expect(await screen.findAllByTestId("skeleton")).toHaveLength(10);
    expect(await screen.findAllByTestId("product-card", {}, SKELETON_WAIT)).toHaveLength(3);
    expect(asked()).toBe(2);
  });

  it("/Home leads to the home page", async () => {
    const { pathname } = renderShop("/Home");
    await waitFor(() => expect(pathname()).toBe("/"));
  });

  it("a page that fails shows the fallback 'Unexpected Application Error!'", () => {
    const Broken = () => {
      throw new Error("chunk failed to load");
    };
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    quiet.mockRestore();
    expect(screen.getByRole("heading", { name: "Unexpected Application Error!" })).toBeInTheDocument();
    expect(screen.getByText("chunk failed to load")).toBeInTheDocument();
  });
});
