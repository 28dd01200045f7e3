// The sign-up form says the password rule before submit (shared/passwords.ts) and checks it without a request.
import { fireEvent, screen } from "@testing-library/react";
import { vi } from "vitest";
import { renderShop } from "./harness.tsx";
import { PASSWORD_BLANK, PASSWORD_HINT, PASSWORD_TOO_SHORT } from "../../shared/passwords.ts";

describe("sign-up password rule", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the hint under the password field in sign-up only", async () => {
    renderShop("/login");
    await screen.findByRole("heading", { name: "Login" });
    expect(screen.queryByText(PASSWORD_HINT)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Criar uma conta" }));
    const field = screen.getByLabelText("Password");
    expect(field).toHaveAccessibleDescription(PASSWORD_HINT);
  });

  it("refuses a short or blank password before sending anything, after the fixed required message", async () => {
    const sent = vi.fn();
    vi.stubGlobal("fetch", sent);
    renderShop("/login");
    fireEvent.click(await screen.findByRole("button", { name: "Criar uma conta" }));
    fireEvent.change(screen.getByRole("textbox", { name: "Nome" }), { target: { value: "Ana" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Email" }), { target: { value: "ana@example.ao" } });
    fireEvent.click(screen.getByRole("button", { name: "Registar" }));
    expect(await screen.findByText("Password é obrigatório")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "1234567" } });
    fireEvent.click(screen.getByRole("button", { name: "Registar" }));
    expect(await screen.findByText(PASSWORD_TOO_SHORT)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "        " } });
    fireEvent.click(screen.getByRole("button", { name: "Registar" }));
    expect(await screen.findByText(PASSWORD_BLANK)).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
  });
});
