// Quick replies carry the shop's bank details only through {iban} (docs/product/console.md#respostas-rápidas): a text
// that writes an IBAN or account number by hand is said as such, with {iban} offered instead, and saved only with
// the admin's own password, which the form then sends (and only then).
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AdminContext, ResourceContextProvider, testDataProvider } from "react-admin";
import polyglotI18nProvider from "ra-i18n-polyglot";
import { vi } from "vitest";
import { ptMessages } from "../../console/i18n/pt.ts";
import { QuickReplyCreate } from "../../console/quick-replies/quick-reply-views.tsx";
import { quickReplyRequestBody } from "../../console/quick-replies/transform.ts";

const i18nProvider = polyglotI18nProvider(() => ptMessages, "pt");
const WAIT = { timeout: 10_000 };

function renderCreate() {
  const create = vi.fn(async (_resource: string, params: { data: object }) => ({ data: { id: "novo", ...params.data } }));
  render(
    <AdminContext dataProvider={testDataProvider({ create } as never)} i18nProvider={i18nProvider}>
      <ResourceContextProvider value="quick-replies">
        <QuickReplyCreate />
      </ResourceContextProvider>
    </AdminContext>,
  );
  return create;
}

const typeText = (label: string, value: string) => fireEvent.change(screen.getByLabelText(new RegExp(label)), { target: { value } });

describe("a quick reply with bank details written by hand", () => {
  it("asks for the admin's password before saving, and says to use {iban}", async () => {
    const user = userEvent.setup();
    const create = renderCreate();
    await screen.findByLabelText(/Título/, {}, WAIT);
    typeText("Título", "Pagamento");
    typeText("Texto", "Pague para AO06 0055 0000 9999 8888 7777 1, titular Mallory.");
    expect(await screen.findByTestId("quick-reply-bank-details")).toHaveTextContent("use {iban}");
    await user.click(screen.getByRole("button", { name: /guardar/i }));
    expect(await screen.findByText("Confirme a sua palavra-passe")).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/A sua palavra-passe atual/), "senha-da-equipa-1");
    await user.click(screen.getByRole("button", { name: /guardar/i }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1), WAIT);
    expect(create.mock.calls[0]![1].data).toMatchObject({ currentPassword: "senha-da-equipa-1" });
  });

  it("asks nothing for {iban} or the shop's phone", async () => {
    const user = userEvent.setup();
    const create = renderCreate();
    await screen.findByLabelText(/Título/, {}, WAIT);
    typeText("Título", "IBAN");
    typeText("Texto", "Transfira para {iban} ({banco}). WhatsApp: +244 923 456 789");
    expect(screen.queryByTestId("quick-reply-bank-details")).toBeNull();
    expect(screen.queryByLabelText(/A sua palavra-passe atual/)).toBeNull();
    await user.click(screen.getByRole("button", { name: /guardar/i }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1), WAIT);
  });

  it("sends the password only with a text that needs it", () => {
    expect(quickReplyRequestBody({ id: "q1", title: "T", text: "Use {iban}", currentPassword: "x" }, false)).toEqual({
      title: "T",
      text: "Use {iban}",
    });
    expect(quickReplyRequestBody({ id: "q1", title: "T", text: "AO06 0055 0000 9999 8888 7777 1", currentPassword: "x" }, false)).toEqual({
      title: "T",
      text: "AO06 0055 0000 9999 8888 7777 1",
      currentPassword: "x",
    });
  });
});
