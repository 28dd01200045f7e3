// The console's outbox page: admins only, a mail's HTML previewed inert (sandboxed srcdoc iframe) beside its
// text part, with its state, attempts and last error, a reset link said to be redacted; the settings form sends
// the staff alert addresses.
import { render, screen } from "@testing-library/react";
import { AdminContext, ResourceContextProvider, testDataProvider } from "react-admin";
import polyglotI18nProvider from "ra-i18n-polyglot";
import { ptMessages } from "../../console/i18n/pt.ts";
import { canRoleAccess } from "../../console/auth-provider.ts";
import { OutboxShow } from "../../console/outbox/outbox-views.tsx";
import { settingsFromForm, settingsRequestBody, settingsToForm } from "../../console/settings/transform.ts";
import type { AdminOutboxMail } from "../../server/schemas/admin-outbox.ts";

const i18nProvider = polyglotI18nProvider(() => ptMessages, "pt");

const mail: AdminOutboxMail = {
  id: "m1",
  kind: "order-placed",
  to: "ana@exemplo.ao",
  subject: "Pedido #ABC123 recebido",
  status: "pending",
  attempts: 2,
  lastError: "connect ECONNREFUSED 127.0.0.1:2525",
  createdAt: "2026-11-24T10:00:00.000Z",
  nextAttemptAt: "2026-11-24T10:01:00.000Z",
  sentAt: null,
  html: `<p>Olá Ana</p><script>parent.document.title = "pwned"</script>`,
  text: "Olá Ana,\n\nValor a pagar: 15\u00a0000 kz",
};

function showMail(record: AdminOutboxMail) {
  const dataProvider = testDataProvider({ getOne: async () => ({ data: record }) as never });
  return render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <ResourceContextProvider value="outbox">
        <OutboxShow id={record.id} />
      </ResourceContextProvider>
    </AdminContext>,
  );
}

describe("the outbox page", () => {
  it("is for admins only", () => {
    expect(canRoleAccess("admin", "outbox", "list")).toBe(true);
    expect(canRoleAccess("admin", "outbox", "show")).toBe(true);
    for (const action of ["list", "show"]) expect(canRoleAccess("support", "outbox", action)).toBe(false);
  });

  it("previews the HTML in a sandboxed iframe, shows the text part, the state, attempts and the last error", async () => {
    showMail(mail);
    const preview = await screen.findByTitle("Pré-visualização do email");
    expect(preview.tagName).toBe("IFRAME");
    expect(preview.getAttribute("sandbox")).toBe("");
    expect(preview.getAttribute("srcdoc")).toBe(mail.html);
    expect(preview.getAttribute("src")).toBeNull();
    expect(screen.getByTestId("outbox-text").textContent).toBe(mail.text);
    expect(screen.getByText("Por enviar")).toBeInTheDocument();
    expect(screen.getByText(/sem SMTP_URL configurado/)).toBeInTheDocument();
    expect(screen.getByText("connect ECONNREFUSED 127.0.0.1:2525")).toBeInTheDocument();
    expect(screen.getByText("2")).toBeInTheDocument();
    expect(document.title).not.toBe("pwned");
  });

  it("says a reset link shows redacted (the server sends it so) and shows no such note on other mails", async () => {
    showMail({
      ...mail,
      kind: "password-reset",
      subject: "Redefinir a sua palavra-passe",
      html: `<a href="https://loja.exemplo.ao/reset-password?token=(oculto)">Redefinir a palavra-passe</a>`,
      text: "Redefinir a palavra-passe: https://loja.exemplo.ao/reset-password?token=(oculto)",
    });
    expect(await screen.findByTestId("outbox-secret-help")).toHaveTextContent(/aparece oculto/);
    expect(screen.getByTestId("outbox-text").textContent).toContain("token=(oculto)");
  });

  it("names a sent mail as sent, without the 'would be sent' note", async () => {
    showMail({ ...mail, status: "sent", attempts: 1, lastError: null, sentAt: "2026-11-24T10:00:05.000Z" });
    expect(await screen.findByText("Enviado")).toBeInTheDocument();
    expect(screen.queryByText(/sem SMTP_URL configurado/)).toBeNull();
    expect(screen.queryByTestId("outbox-secret-help")).toBeNull();
  });
});

describe("staff alert addresses in the settings form", () => {
  it("edits them as rows and sends them as a trimmed list, blank rows dropped", () => {
    const form = settingsToForm({ id: 1, staffAlertEmails: ["loja@exemplo.ao"] });
    expect(form.staffAlertEmails).toEqual([{ value: "loja@exemplo.ao" }]);
    const body = settingsRequestBody(
      settingsFromForm({ ...form, staffAlertEmails: [{ value: " gerente@exemplo.ao " }, { value: "" }] }),
      false,
    );
    expect(body.staffAlertEmails).toEqual(["gerente@exemplo.ao"]);
  });
});
