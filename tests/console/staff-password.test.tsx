// The staff create/edit form shows shared/passwords.ts's hint and refuses a weak password before saving.
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AdminContext, ResourceContextProvider, testDataProvider } from "react-admin";
import polyglotI18nProvider from "ra-i18n-polyglot";
import { vi } from "vitest";
import { ptMessages } from "../../console/i18n/pt.ts";
import { StaffCreate } from "../../console/staff/staff-views.tsx";
import { PASSWORD_BLANK, PASSWORD_HINT, PASSWORD_TOO_SHORT } from "../../shared/passwords.ts";

const i18nProvider = polyglotI18nProvider(() => ptMessages, "pt");

function renderCreate() {
  const create = vi.fn(async (_resource: string, params: { data: object }) => ({ data: { id: "novo", ...params.data } }));
  render(
    <AdminContext dataProvider={testDataProvider({ create } as never)} i18nProvider={i18nProvider}>
      <ResourceContextProvider value="staff">
        <StaffCreate />
      </ResourceContextProvider>
    </AdminContext>,
  );
  return create;
}

describe("staff password rule", () => {
  it("shows the hint and refuses a short or blank password without saving", async () => {
    const user = userEvent.setup();
    const create = renderCreate();
    expect(await screen.findByText(PASSWORD_HINT)).toBeInTheDocument();
    const password = document.querySelector<HTMLInputElement>("input[name=password]")!;
    await user.type(password, "1234567");
    await user.click(screen.getByRole("button", { name: /guardar/i }));
    expect(await screen.findByText(PASSWORD_TOO_SHORT)).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, "        ");
    await user.click(screen.getByRole("button", { name: /guardar/i }));
    expect(await screen.findByText(PASSWORD_BLANK)).toBeInTheDocument();
    await waitFor(() => expect(create).not.toHaveBeenCalled());
  });
});
