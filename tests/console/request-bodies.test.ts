// The staff API's bodies are strict: each console resource sends only the fields the server accepts.
import { orderRequestBody } from "../../console/orders/transform.ts";
import { productRequestBody } from "../../console/products/transform.ts";
import { settingsFromForm, settingsRequestBody, settingsToForm } from "../../console/settings/transform.ts";
import { staffRequestBody } from "../../console/staff/transform.ts";

describe("console request bodies", () => {
  it("sends a product's images by media id, and its optional fields always", () => {
    const record = {
      id: "p1",
      name: "Colar",
      price: 25000,
      category: "Moda",
      subCategory: "Joias & Relógios",
      createdAt: "2026-01-01",
      images: [{ mediaId: "m1", thumbId: "t1", url: "/media/a", thumbnailUrl: "/media/b" }],
      description: null,
    };
    expect(productRequestBody(record, true)).toEqual({
      name: "Colar",
      price: 25000,
      category: "Moda",
      subCategory: "Joias & Relógios",
      images: [{ mediaId: "m1", thumbId: "t1" }],
      description: "",
      bestseller: false,
      hidden: false,
      soldOut: false,
      sizes: [],
    });
  });

  it("sends only an order's status and note", () => {
    expect(orderRequestBody({ id: "o1", status: "Entregue", note: undefined, totalAmount: 5000 }, false)).toEqual({ status: "Entregue" });
  });

  it("keeps a staff e-mail fixed after creation and an empty password out", () => {
    const record = { id: "s1", name: "Ana", email: "ana@loja.ao", role: "support", active: true, password: "" };
    expect(staffRequestBody(record, true)).toEqual({ name: "Ana", email: "ana@loja.ao", role: "support", active: true });
    expect(staffRequestBody({ ...record, password: "senha-nova-1" }, false)).toEqual({
      name: "Ana",
      role: "support",
      active: true,
      password: "senha-nova-1",
    });
  });

  it("edits the settings' lists as rows and sends them back trimmed, with the bank details only", () => {
    const record = {
      id: 1,
      phones: ["+244 923 000 000"],
      emails: ["a@loja.ao"],
      addresses: [],
      bankName: "BAI",
      accountHolder: "Loja",
      accountNumber: "1",
      iban: "AO06",
      isDemo: true,
    };
    const form = settingsToForm(record);
    expect(form.phones).toEqual([{ value: "+244 923 000 000" }]);
    const back = settingsFromForm({ ...form, emails: [{ value: " b@loja.ao " }, { value: "  " }] });
    expect(settingsRequestBody(back, false)).toEqual({
      phones: ["+244 923 000 000"],
      emails: ["b@loja.ao"],
      addresses: [],
      bankName: "BAI",
      accountHolder: "Loja",
      accountNumber: "1",
      iban: "AO06",
      staffAlertEmails: [],
    });
  });
});
