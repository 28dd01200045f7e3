// The ProxyPay API v2 client against a local server that answers like ProxyPay (tests/helpers/proxypay-standin.ts):
// what it sends, what it makes of the answers, and the webhook signature check.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  PROXYPAY_PRODUCTION_URL,
  ProxyPayClient,
  ProxyPayError,
  readProxyPayPayment,
  verifyProxyPaySignature,
} from "../../server/integrations/proxypay.ts";
import { ProxyPayStandin, STANDIN_API_KEY } from "../helpers/proxypay-standin.ts";

let proxypay: ProxyPayStandin;
let client: ProxyPayClient;
const deadline = new Date("2026-12-01T12:00:00.000Z");

beforeAll(async () => {
  proxypay = await new ProxyPayStandin().start();
  client = new ProxyPayClient({ apiKey: STANDIN_API_KEY, baseUrl: proxypay.url, timeoutMs: 2_000 });
});
afterAll(() => proxypay.stop());
beforeEach(() => {
  proxypay.calls = [];
  proxypay.down = false;
  proxypay.delayMs = 0;
});

describe("references", () => {
  it("reserves an id, then sets amount, deadline and custom fields on it, with ProxyPay's headers", async () => {
    const id = await client.createReference({ amount: 12_500, endDatetime: deadline, customFields: { order: "A1B2C3" } });

    expect(id).toMatch(/^\d{9}$/);
    expect(proxypay.calls.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /reference_ids", `PUT /references/${id}`]);
    for (const call of proxypay.calls) {
      expect(call.authorization).toBe(`Token ${STANDIN_API_KEY}`);
      expect(call.accept).toBe("application/vnd.proxypay.v2+json");
    }
    const put = proxypay.calls[1]!;
    expect(put.contentType).toBe("application/json");
    expect(put.body).toEqual({ amount: 12_500, end_datetime: "2026-12-01T12:00:00.000Z", custom_fields: { order: "A1B2C3" } });
    expect(proxypay.references.get(id)).toMatchObject({ amount: 12_500, end_datetime: deadline.toISOString(), deleted: false });
  });

  it("sends empty custom fields when none are given, and two references get two ids", async () => {
    const first = await client.createReference({ amount: 3_000.5, endDatetime: deadline });
    const second = await client.createReference({ amount: 3_000.5, endDatetime: deadline });
    expect(first).not.toBe(second);
    expect(proxypay.calls[1]!.body).toEqual({ amount: 3_000.5, end_datetime: deadline.toISOString(), custom_fields: {} });
  });

  it("deletes a reference, and deleting it again (404) counts as already gone", async () => {
    const id = await client.createReference({ amount: 1_000, endDatetime: deadline });
    await client.deleteReference(id);
    expect(proxypay.references.get(id)!.deleted).toBe(true);
    await expect(client.deleteReference(id)).resolves.toBeUndefined();
    expect(proxypay.calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual([`/references/${id}`, `/references/${id}`]);
  });
});

describe("payments", () => {
  it("lists the unacknowledged payments, and acknowledging one removes it from the list", async () => {
    const id = await client.createReference({ amount: 7_250, endDatetime: deadline, customFields: { order: "ZX9" } });
    const paid = proxypay.pay(id, 7_250);

    const listed = await client.listPayments();
    const mine = listed.find((p) => p.id === paid.id);
    expect(mine).toMatchObject({ amount: "7250.00", reference_id: Number(id), custom_fields: { order: "ZX9" } });
    expect(typeof mine!.datetime).toBe("string");

    await client.acknowledgePayment(paid.id);
    expect(proxypay.calls.at(-1)).toMatchObject({ method: "DELETE", path: `/payments/${paid.id}` });
    expect((await client.listPayments()).some((p) => p.id === paid.id)).toBe(false);
  });

  it("an empty list is an empty array", async () => {
    proxypay.pending.clear();
    expect(await client.listPayments()).toEqual([]);
  });
});

describe("failures become ProxyPayError", () => {
  it("a 500 carries its status", async () => {
    proxypay.down = true;
    const error = await client.listPayments().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProxyPayError);
    expect((error as ProxyPayError).status).toBe(500);
    await expect(client.deleteReference("123456789")).rejects.toMatchObject({ status: 500 });
  });

  it("a wrong API key is ProxyPay's 401", async () => {
    const wrongKey = new ProxyPayClient({ apiKey: "not-the-key", baseUrl: proxypay.url });
    await expect(wrongKey.createReference({ amount: 100, endDatetime: deadline })).rejects.toMatchObject({
      name: "ProxyPayError",
      status: 401,
    });
  });

  it("no answer within the timeout is a ProxyPayError with status 0", async () => {
    proxypay.delayMs = 1_000;
    const impatient = new ProxyPayClient({ apiKey: STANDIN_API_KEY, baseUrl: proxypay.url, timeoutMs: 100 });
    const started = Date.now();
    const error = await impatient.listPayments().catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(900);
    expect(error).toBeInstanceOf(ProxyPayError);
    expect((error as ProxyPayError).status).toBe(0);
  });

  it("the stand-in answers like ProxyPay to a request without its Accept header (406) or key (401)", async () => {
    const noAccept = await fetch(`${proxypay.url}/payments`, { headers: { Authorization: `Token ${STANDIN_API_KEY}` } });
    expect(noAccept.status).toBe(406);
    const noKey = await fetch(`${proxypay.url}/payments`, { headers: { Accept: "application/vnd.proxypay.v2+json" } });
    expect(noKey.status).toBe(401);
  });

  it("a deleted reference can no longer be paid at the stand-in", async () => {
    const id = await client.createReference({ amount: 500, endDatetime: deadline });
    await client.deleteReference(id);
    expect(() => proxypay.pay(id, 500)).toThrow(/cannot be paid/);
  });

  it("the base URL defaults to ProxyPay's production API", () => {
    expect(PROXYPAY_PRODUCTION_URL).toBe("https://api.proxypay.co.ao");
  });
});

describe("webhook signature", () => {
  const body = JSON.stringify({
    id: 80_000_000_001,
    amount: "12500.00",
    reference_id: 100_000_001,
    datetime: "2026-11-23T10:00:00Z",
    custom_fields: {},
  });

  it("accepts ProxyPay's signature of the raw body, as a string or a Buffer, in either hex case", () => {
    const signature = proxypay.signWebhook(body);
    expect(verifyProxyPaySignature(body, signature, STANDIN_API_KEY)).toBe(true);
    expect(verifyProxyPaySignature(Buffer.from(body), signature.toUpperCase(), STANDIN_API_KEY)).toBe(true);
  });

  it("refuses a forged, missing, malformed or other-length signature, another key, or an altered body", () => {
    const signature = proxypay.signWebhook(body);
    const forged = (signature[0] === "a" ? "b" : "a") + signature.slice(1);
    expect(verifyProxyPaySignature(body, forged, STANDIN_API_KEY)).toBe(false);
    expect(verifyProxyPaySignature(body, undefined, STANDIN_API_KEY)).toBe(false);
    expect(verifyProxyPaySignature(body, "", STANDIN_API_KEY)).toBe(false);
    expect(verifyProxyPaySignature(body, signature.slice(0, 62), STANDIN_API_KEY)).toBe(false);
    expect(verifyProxyPaySignature(body, `${signature}00`, STANDIN_API_KEY)).toBe(false);
    expect(verifyProxyPaySignature(body, "z".repeat(64), STANDIN_API_KEY)).toBe(false);
    expect(verifyProxyPaySignature(body, signature, "another-key")).toBe(false);
    expect(verifyProxyPaySignature(body.replace("12500.00", "99999.00"), signature, STANDIN_API_KEY)).toBe(false);
  });
});

describe("readProxyPayPayment", () => {
  it("turns a webhook body from ProxyPay into what Loja records", async () => {
    const id = await client.createReference({ amount: 12_500, endDatetime: deadline, customFields: { order: "7F3A9C" } });
    const payment = proxypay.pay(id, 12_500);
    const { body, headers } = proxypay.webhookFor(payment);
    expect(verifyProxyPaySignature(body, headers["x-signature"], STANDIN_API_KEY)).toBe(true);
    expect(readProxyPayPayment(JSON.parse(body))).toEqual({
      paymentId: String(payment.id),
      amount: 12_500,
      referenceId: id,
      receivedAt: new Date(payment.datetime),
      customFields: { order: "7F3A9C" },
    });
  });

  it("refuses a payment missing what Loja relies on", () => {
    const good = { id: 1, amount: "100.00", reference_id: 123456789, datetime: "2026-11-23T10:00:00Z" };
    expect(readProxyPayPayment(good)).toMatchObject({ paymentId: "1", amount: 100, referenceId: "123456789", customFields: {} });
    expect(readProxyPayPayment(null)).toBeNull();
    expect(readProxyPayPayment("x")).toBeNull();
    expect(readProxyPayPayment({ ...good, id: undefined })).toBeNull();
    expect(readProxyPayPayment({ ...good, amount: "12,50" })).toBeNull();
    expect(readProxyPayPayment({ ...good, amount: "0.00" })).toBeNull();
    expect(readProxyPayPayment({ ...good, reference_id: "abc" })).toBeNull();
    expect(readProxyPayPayment({ ...good, datetime: "ontem" })).toBeNull();
  });
});
