// Phones in E.164 (libphonenumber-js, Angola by default), wa.me links, and the message staff send from their phone.
import { describe, expect, it } from "vitest";
import { INVALID_PHONE, toE164, waNumber } from "../../shared/phones.ts";
import { waMeLink } from "../../shared/wa-link.ts";
import { addressErrors } from "../../shared/checkout.ts";
import { luandaDateTime, staffWhatsAppText } from "../../shared/messaging.ts";

describe("phones in E.164", () => {
  it("reads an Angolan number however it is typed, and foreign numbers with their code", () => {
    for (const typed of ["923 456 789", "923456789", "+244 923 456 789", "00244 923 456 789", "244923456789"])
      expect(toE164(typed)).toBe("+244923456789");
    expect(toE164("+351 912 345 678")).toBe("+351912345678");
    expect(waNumber("923 456 789")).toBe("244923456789");
  });

  it("refuses what is no phone number: too short, too long, empty", () => {
    for (const typed of ["923 45", "9234567890", "+2449", "", null, undefined]) expect(toE164(typed)).toBeNull();
  });

  it("checkout says an invalid number plainly, after the required-field message", () => {
    const address = { firstName: "A", lastName: "B", email: "a@b.ao", street: "R", city: "L", state: "", zipcode: "1", country: "Angola" };
    expect(addressErrors({ ...address, phone: "923 45" }).phone).toBe(INVALID_PHONE);
    expect(addressErrors({ ...address, phone: "" }).phone).toBe("Número de telefone é necessário");
    expect(addressErrors({ ...address, phone: "923 456 789" }).phone).toBeUndefined();
  });

  it("builds wa.me links with the text encoded", () => {
    expect(waMeLink("Olá & adeus", "244923456789")).toBe("https://wa.me/244923456789?text=Ol%C3%A1%20%26%20adeus");
    expect(waMeLink("x")).toBe("https://wa.me/?text=x");
  });
});

describe("the message staff send on WhatsApp", () => {
  const order = {
    shortId: "ABC123",
    status: "Aguardando Pagamento",
    firstName: "Ana",
    amountDue: 25000,
    paymentReference: "LJ7K2M9QX",
    paymentDeadline: "2026-11-27T13:05:00.000Z",
  };

  it("reminds what to pay: amount, reference and deadline in Luanda's time", () => {
    const text = staffWhatsAppText(order);
    expect(text).toContain("Olá Ana! O seu pedido #ABC123 aguarda o pagamento de");
    expect(text).toContain("Descritivo da transferência: LJ7K2M9QX");
    expect(text).toContain("Pague até 27/11/2026 às 14:05 (hora de Angola).");
    expect(luandaDateTime(new Date("invalid"))).toBe("");
  });

  it("tells a dispatched order left with its tracking or pickup point, and greets otherwise", () => {
    expect(staffWhatsAppText({ ...order, status: "Enviado" })).toBe(
      "Olá Ana! O seu pedido #ABC123 foi enviado.\nQualquer dúvida, responda a esta mensagem.",
    );
    const at = "2026-11-26T10:00:00.000Z";
    expect(staffWhatsAppText({ ...order, status: "Enviado", shipment: { at, carrier: "Moto Express", trackingCode: "ME-1" } })).toBe(
      "Olá Ana! O seu pedido #ABC123 foi enviado.\nTransportadora: Moto Express\nCódigo de seguimento: ME-1\n" +
        "Qualquer dúvida, responda a esta mensagem.",
    );
    const pickup = { name: "Loja Luanda", address: "Rua Rainha Ginga 100", until: "2026-12-03T10:00:00.000Z" };
    expect(staffWhatsAppText({ ...order, status: "Enviado", shipment: { at, pickup } })).toBe(
      "Olá Ana! O seu pedido #ABC123 está à sua espera.\nPronto para levantar em Loja Luanda: Rua Rainha Ginga 100\n" +
        "Levante até 03/12/2026\nQualquer dúvida, responda a esta mensagem.",
    );
    expect(staffWhatsAppText({ ...order, status: "Em Preparação", firstName: " " })).toBe(
      "Olá cliente! Escrevemos sobre o seu pedido #ABC123.",
    );
  });
});
