// The light first screen: Portuguese, accessible, and it does not call the server with empty fields.
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { LoginScreen } from "../../console/login/login-screen.tsx";
import { getSession, setSession } from "../../console/lib/session.ts";

describe("console login screen", () => {
  afterEach(() => setSession(null));

  it("asks for e-mail and password in Portuguese", () => {
    render(<LoginScreen />);
    expect(screen.getByRole("heading", { name: "Loja — Consola" })).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toBeInTheDocument();
    expect(screen.getByLabelText("Palavra-passe")).toHaveAttribute("type", "password");
    expect(screen.getByRole("button", { name: "Entrar" })).toBeEnabled();
  });

  it("refuses to submit empty fields with a message and no request", async () => {
    const calls: unknown[] = [];
    const original = globalThis.fetch;
    globalThis.fetch = ((...args: unknown[]) => {
      calls.push(args);
      return original(...(args as Parameters<typeof fetch>));
    }) as typeof fetch;
    try {
      render(<LoginScreen />);
      await userEvent.click(screen.getByRole("button", { name: "Entrar" }));
      expect(screen.getByRole("alert")).toHaveTextContent("Preencha o email e a palavra-passe.");
      expect(calls).toHaveLength(0);
    } finally {
      globalThis.fetch = original;
    }
  });

  it("keeps a staff session only when it has a staff role", () => {
    setSession({ token: "t", user: { id: "u1", name: "Ana", email: "ana@loja.ao", role: "support" } });
    expect(getSession()?.user.role).toBe("support");
    localStorage.setItem("loja.console.session", JSON.stringify({ token: "t", user: { id: "u1", role: "customer" } }));
    expect(getSession()).toBeNull();
    localStorage.setItem("loja.console.session", "{broken");
    expect(getSession()).toBeNull();
  });
});

describe("console session end", () => {
  it("tells the agent once, on the login screen, that the session ended", () => {
    setSession({ token: "t", user: { id: "u1", name: "Ana", email: "ana@loja.ao", role: "admin" } });
    setSession(null, "A sua sessão terminou. Volte a entrar.");
    const { unmount } = render(<LoginScreen />);
    expect(screen.getByRole("status")).toHaveTextContent("A sua sessão terminou. Volte a entrar.");
    unmount();
    render(<LoginScreen />);
    expect(screen.queryByRole("status")).toBeNull();
  });
});
