// The WhatsApp templates as Meta approves them: the README lists each exactly as it is sent (name, body, parameters),
// and each body keeps Meta's rules (no parameter at either end, parameters numbered from 1 in order).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderPhoneMessage, WHATSAPP_TEMPLATES } from "../../server/notifications/messaging/templates.ts";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

describe("WhatsApp templates", () => {
  it("are listed in the README with their body and parameters, ready to submit", () => {
    for (const t of Object.values(WHATSAPP_TEMPLATES)) {
      const row = readme.split("\n").find((line) => line.startsWith(`| \`${t.name}\` |`));
      expect(row, t.name).toBeDefined();
      expect(row).toContain(` ${t.body} `);
      expect(row).toContain(t.params.map((p, i) => `{{${i + 1}}} ${p}`).join("; "));
    }
  });

  it("start and end with text, and number their parameters 1..n", () => {
    for (const t of Object.values(WHATSAPP_TEMPLATES)) {
      expect(t.body, t.name).not.toMatch(/^\{\{|\}\}$/);
      const numbers = [...t.body.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1]));
      expect(numbers, t.name).toEqual(t.params.map((_, i) => i + 1));
    }
  });

  it("put a dispatch's tracking in one line, whatever staff typed", () => {
    const message = renderPhoneMessage(
      "order-shipped",
      {
        orderId: "ORD1234567890",
        firstName: "Ana",
        shipment: { at: "2026-11-26T10:00:00.000Z", carrier: "Moto\n Express", trackingCode: "ME-1\t2" },
      },
      { baseUrl: "https://loja.exemplo.ao/", shopName: "Loja" },
    );
    expect(message.template.name).toBe("loja_pedido_enviado_seguimento");
    expect(message.template.params[2]).toBe("transportadora Moto Express, código de seguimento ME-1 2");
    expect(message.sms).toContain("foi enviado: transportadora Moto Express, codigo de seguimento ME-1 2.");
  });
});
