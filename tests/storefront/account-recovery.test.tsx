import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { PASSWORD_HINT, PASSWORD_TOO_SHORT, PASSWORD_BLANK } from "../../shared/passwords.ts";
import { SessionProvider, useSession } from "../../storefront/features/auth/session.tsx";
import { renderShop } from "./harness.tsx";
import { standInShopApi } from "./shop-api-stand-in.ts";

// The forgot and reset password screens, the password rule said before submit, and logout ending the session on
// the server, against a stand-in of the shop API answering as the session contract says (the server side is
// tested in tests/api/password-reset.test.ts and tests/api/sessions.test.ts).

const FORGOT_REPLY =
  "Se existir uma conta com este e-mail, enviámos um link para criar uma nova palavra-passe. O link é válido durante 30 minutos.";
const INVALID = "Este link já não é válido. Peça um novo.";
const TOKEN = "a".repeat(43);

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("forgot password", () => {
  it("is linked from the login page", async () => {
    const shop = renderShop("/login");
    fireEvent.click(await screen.findByRole("link", { name: "Esqueceu sua senha?" }));
    await screen.findByRole("heading", { name: "Recuperar a palavra-passe" });
    expect(shop.pathname()).toBe("/forgot-password");
  });

  it("sends the e-mail and shows the server's answer, the same whoever asks", async () => {
    const calls = standInShopApi({ "POST /api/user/forgot-password": () => ({ success: true, message: FORGOT_REPLY }) });
    renderShop("/forgot-password");
    fireEvent.change(await screen.findByRole("textbox", { name: "Email" }), { target: { value: "  ana@exemplo.ao " } });
    fireEvent.click(screen.getByRole("button", { name: "Enviar o link" }));
    expect(await screen.findByText(FORGOT_REPLY)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === "/api/user/forgot-password")).toEqual([
      { method: "POST", path: "/api/user/forgot-password", body: { email: "ana@exemplo.ao" } },
    ]);
  });

  it("asks for a valid e-mail before sending anything", async () => {
    const calls = standInShopApi({});
    renderShop("/forgot-password");
    fireEvent.change(await screen.findByRole("textbox", { name: "Email" }), { target: { value: "ana" } });
    fireEvent.click(screen.getByRole("button", { name: "Enviar o link" }));
    expect(await screen.findByText("Email é obrigatório")).toBeInTheDocument();
    expect(calls.filter((c) => c.path === "/api/user/forgot-password")).toEqual([]);
  });
});

describe("reset password", () => {
  it("shows the password rule, checks it before submitting, then sets the password and goes to the login page", async () => {
    const calls = standInShopApi({
      "POST /api/user/reset-password": () => ({
        success: true,
        message: "Palavra-passe alterada. Já pode entrar com a nova palavra-passe.",
      }),
    });
    const shop = renderShop(`/reset-password?token=${TOKEN}`);
    const field = await screen.findByLabelText("Nova palavra-passe");
    expect(field).toHaveAccessibleDescription(PASSWORD_HINT);
    for (const [value, message] of [
      ["curta", PASSWORD_TOO_SHORT],
      ["         ", PASSWORD_BLANK],
    ] as const) {
      fireEvent.change(field, { target: { value } });
      fireEvent.click(screen.getByRole("button", { name: "Guardar a nova palavra-passe" }));
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(calls.filter((c) => c.path === "/api/user/reset-password")).toEqual([]);

    fireEvent.change(field, { target: { value: "uma-senha-nova-boa" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar a nova palavra-passe" }));
    expect(await screen.findByText("Palavra-passe alterada. Já pode entrar com a nova palavra-passe.")).toBeInTheDocument();
    await waitFor(() => expect(shop.pathname()).toBe("/login"));
    expect(calls.filter((c) => c.path === "/api/user/reset-password")).toEqual([
      { method: "POST", path: "/api/user/reset-password", body: { token: TOKEN, password: "uma-senha-nova-boa" } },
    ]);
  });

  it("says when the link is no longer valid and offers a new one", async () => {
    standInShopApi({ "POST /api/user/reset-password": () => ({ status: 400, body: { success: false, message: INVALID } }) });
    renderShop(`/reset-password?token=${TOKEN}`);
    fireEvent.change(await screen.findByLabelText("Nova palavra-passe"), { target: { value: "uma-senha-nova-boa" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar a nova palavra-passe" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(INVALID);
    expect(screen.getByRole("link", { name: "Pedir um novo link" })).toHaveAttribute("href", "/forgot-password");
  });

  it("shows the server's password message without calling the link invalid", async () => {
    standInShopApi({
      "POST /api/user/reset-password": () => ({
        status: 400,
        body: { success: false, message: "Essa palavra-passe é demasiado comum e fácil de adivinhar: escolha outra" },
      }),
    });
    renderShop(`/reset-password?token=${TOKEN}`);
    fireEvent.change(await screen.findByLabelText("Nova palavra-passe"), { target: { value: "password123" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar a nova palavra-passe" }));
    expect(await screen.findByText("Essa palavra-passe é demasiado comum e fácil de adivinhar: escolha outra")).toBeInTheDocument();
    expect(screen.getByLabelText("Nova palavra-passe")).toBeInTheDocument();
  });

  it("without a token, says the link is not valid", async () => {
    renderShop("/reset-password");
    expect(await screen.findByRole("alert")).toHaveTextContent(INVALID);
  });
});

describe("sign-up", () => {
  it("shows the password rule under the field and checks it before submitting", async () => {
    const calls = standInShopApi({});
    renderShop("/login");
    fireEvent.click(await screen.findByRole("button", { name: "Criar uma conta" }));
    const field = screen.getByLabelText("Password");
    expect(field).toHaveAccessibleDescription(PASSWORD_HINT);
    fireEvent.change(screen.getByRole("textbox", { name: "Nome" }), { target: { value: "Ana" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Email" }), { target: { value: "ana@exemplo.ao" } });
    fireEvent.change(field, { target: { value: "1234567" } });
    fireEvent.click(screen.getByRole("button", { name: "Registar" }));
    expect(await screen.findByText(PASSWORD_TOO_SHORT)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === "/api/user/register")).toEqual([]);
  });
});

describe("logout", () => {
  function LogoutButton() {
    const { token, logout } = useSession();
    const { pathname } = useLocation();
    return (
      <>
        <span data-testid="where">{pathname}</span>
        <span data-testid="token">{token}</span>
        <button onClick={logout}>Sair</button>
      </>
    );
  }

  it("asks the server to end the session with the token, then forgets the token without waiting", async () => {
    localStorage.setItem("token", "token-da-sessao");
    let answer: () => void = () => {};
    const calls: { path: string; authorization: string | null }[] = [];
    vi.stubGlobal("fetch", (path: string, init: RequestInit = {}) => {
      calls.push({ path, authorization: new Headers(init.headers).get("authorization") });
      // The server has not answered yet when the token is already gone.
      return new Promise<Response>((resolve) => (answer = () => resolve(new Response(JSON.stringify({ success: true }), { status: 200 }))));
    });
    render(
      <MemoryRouter initialEntries={["/"]}>
        <SessionProvider>
          <Routes>
            <Route path="*" element={<LogoutButton />} />
          </Routes>
        </SessionProvider>
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Sair" }));
    expect(calls.filter((c) => c.path === "/api/user/logout")).toEqual([
      { path: "/api/user/logout", authorization: "Bearer token-da-sessao" },
    ]);
    expect(localStorage.getItem("token")).toBeNull();
    expect(screen.getByTestId("token")).toBeEmptyDOMElement();
    expect(screen.getByTestId("where")).toHaveTextContent("/login");
    await act(async () => answer());
  });
});
