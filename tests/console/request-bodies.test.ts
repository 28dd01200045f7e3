// The staff API's bodies are strict: each console resource sends only the fields the server accepts.
import { orderRequestBody } from "../../console/orders/transform.ts";
import { productRequestBody } from "../../console/products/transform.ts";
import { contactsChanged, settingsFromForm, settingsRequestBody, settingsToForm } from "../../console/settings/transform.ts";
import { staffNeedsPassword, staffRequestBody } from "../../console/staff/transform.ts";
import { pickupPointRequestBody } from "../../console/delivery/transform.ts";

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

  it("sends a pickup point with the province it is in, never its id", () => {
    const record = { id: "p1", name: "Loja Lubango", province: "Huíla", address: "Rua da Sé 3", hours: "", price: 0, eta: "" };
    expect(pickupPointRequestBody(record, false)).toEqual({
      name: "Loja Lubango",
      province: "Huíla",
      address: "Rua da Sé 3",
      hours: "",
      price: 0,
      eta: "",
      // Pay on delivery stays off unless an admin turns it on.
      payOnDelivery: false,
      payOnDeliveryLimit: null,
    });
  });

  it("sends only an order's status and note", () => {
    expect(orderRequestBody({ id: "o1", status: "Entregue", note: undefined, totalAmount: 5000 }, false)).toEqual({ status: "Entregue" });
  });

  it("sends what the Enviado dialog says with the move (the transform once dropped it)", () => {
    const shipment = { carrier: "Entregas Rápidas Luanda", trackingCode: "ERL-55120", driverPhone: "923 111 222" };
    expect(orderRequestBody({ id: "o1", status: "Enviado", shipment, totalAmount: 5000 }, false)).toEqual({ status: "Enviado", shipment });
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

describe("the acting admin's own password in console forms", () => {
  it("is asked on staff forms exactly when the server will ask it", () => {
    const support = { id: "s1", role: "support", active: true };
    const admin = { id: "a1", role: "admin", active: true };
    expect(staffNeedsPassword(undefined, { role: "admin" }, "me")).toBe(true);
    // Creating any staff account asks for it (issue 39: support records payments and reads every chat).
    expect(staffNeedsPassword(undefined, { role: "support" }, "me")).toBe(true);
    expect(staffNeedsPassword(support, { ...support, role: "admin" }, "me")).toBe(true);
    expect(staffNeedsPassword(support, { ...support, password: "nova-senha-1" }, "me")).toBe(false);
    expect(staffNeedsPassword(admin, { ...admin, password: "nova-senha-1" }, "me")).toBe(true);
    expect(staffNeedsPassword({ ...support, id: "me" }, { ...support, id: "me", password: "nova-senha-1" }, "me")).toBe(true);
    expect(staffNeedsPassword({ ...admin, active: false }, { ...admin, active: true }, "me")).toBe(true);
    expect(staffNeedsPassword(admin, { ...admin, name: "Outro nome" } as typeof admin, "me")).toBe(false);
    expect(staffRequestBody({ name: "Ana", role: "admin", currentPassword: "minha-1" }, false)).toMatchObject({
      currentPassword: "minha-1",
    });
    expect(staffRequestBody({ name: "Ana", role: "admin", currentPassword: "" }, false)).not.toHaveProperty("currentPassword");
  });

  it("goes out with a settings save that changes contacts, alert addresses or WhatsApp/SMS sending, not with the deadline alone", () => {
    const raw = {
      id: 1,
      phones: ["1", "2", "3"],
      emails: ["a@loja.ao", "b@loja.ao"],
      addresses: ["Rua 1"],
      staffAlertEmails: [],
      bankName: "BAI",
      accountHolder: "Loja",
      accountNumber: "1",
      iban: "AO06004000001234567810142",
      paymentDeadlineHours: 48,
    };
    const record = settingsToForm(raw);
    const save = (change: Record<string, unknown>) =>
      settingsFromForm({ ...record, ...change, currentPassword: "minha-1" }, { previousData: record });
    expect(save({ staffAlertEmails: [{ value: "x@evil.example" }] })).toHaveProperty("currentPassword", "minha-1");
    expect(save({ phones: [{ value: "9" }, { value: "2" }, { value: "3" }] })).toHaveProperty("currentPassword", "minha-1");
    expect(save({ paymentDeadlineHours: 24 })).not.toHaveProperty("currentPassword");
    // Where and how much the shop sends by WhatsApp and SMS costs money: the password too.
    expect(save({ messagingCountryCodes: [{ value: " +351 " }] })).toMatchObject({
      messagingCountryCodes: ["+351"],
      currentPassword: "minha-1",
    });
    expect(save({ messagingShopDaily: 1000 })).toHaveProperty("currentPassword", "minha-1");
    const withCountries = settingsToForm({ ...raw, messagingCountryCodes: ["351"], messagingShopDaily: 500 });
    expect(withCountries.messagingCountryCodes).toEqual([{ value: "+351" }]);
    // The same country written another way is no change.
    expect(
      settingsFromForm(
        { ...withCountries, messagingCountryCodes: [{ value: "00351" }], currentPassword: "minha-1" },
        { previousData: withCountries },
      ),
    ).not.toHaveProperty("currentPassword");
    expect(contactsChanged(record, { ...record })).toBe(false);
  });
});
