// Confirming a shopper's phone as they do (docs/product/accounts.md#confirming-a-phone): the shop sends a code by
// WhatsApp (or SMS), the code is read where the stand-ins received it, and typed back. Only then do order messages
// go to that phone, and its WhatsApp messages reach the shopper's chats.
import { expect } from "vitest";
import type { Customer, TestApp } from "../helpers/app.ts";
import type { GraphStandIn, TwilioStandIn } from "../helpers/messaging-standins.ts";
import { WHATSAPP_TEMPLATES } from "../../server/notifications/messaging/templates.ts";
import { toE164 } from "../../shared/phones.ts";
import { waitFor } from "./chat-fixtures.ts";

const CODE_TEMPLATE = WHATSAPP_TEMPLATES.phoneCode.name;
const CODE_SMS = /codigo de confirmacao e (\d{6})/;

/** Whether a message the stand-ins received is a phone code (tests count order messages without them). */
export const isCodeTemplate = (m: { name: string }) => m.name === CODE_TEMPLATE;
export const isCodeSms = (m: { body: string }) => CODE_SMS.test(m.body);

let address = 0;
/** Each code request from an address of its own: the per-address limit is not what these tests are about. */
const nextAddress = () => `10.39.${Math.floor(address / 250) % 250}.${(address++ % 250) + 1}`;

/** The newest code sent to `e164`, by WhatsApp or SMS, once it arrives after `before` codes. */
async function codeSentTo(graph: GraphStandIn, twilio: TwilioStandIn, e164: string, before: number): Promise<string> {
  const codes = () => [
    ...graph.sent.filter((m) => isCodeTemplate(m) && `+${m.to}` === e164).map((m) => m.params[0]!),
    ...twilio.sent.filter((m) => m.to === e164 && isCodeSms(m)).map((m) => CODE_SMS.exec(m.body)![1]!),
  ];
  await waitFor(() => codes().length > before, 60_000, `the code sent to ${e164}`);
  return codes().at(-1)!;
}

/** Codes already received by `e164` on either stand-in. */
const codesSoFar = (graph: GraphStandIn, twilio: TwilioStandIn, e164: string) =>
  graph.sent.filter((m) => isCodeTemplate(m) && `+${m.to}` === e164).length +
  twilio.sent.filter((m) => m.to === e164 && isCodeSms(m)).length;

/** Asks for a code to `phone` (as typed), reads it from the stand-ins, types it back: the phone is the shopper's. */
export async function confirmPhone(
  t: TestApp,
  stand: { graph: GraphStandIn; twilio: TwilioStandIn },
  c: Customer,
  phone: string,
  channel?: "whatsapp" | "sms",
): Promise<string> {
  const before = codesSoFar(stand.graph, stand.twilio, toE164(phone) ?? "");
  const asked = await t.app.inject({
    method: "POST",
    url: "/api/user/phone/code",
    headers: c.auth,
    remoteAddress: nextAddress(),
    payload: { phone, ...(channel ? { channel } : {}) },
  });
  expect(asked.statusCode, asked.body).toBe(200);
  const { phone: e164 } = asked.json() as { phone: string };
  const code = await codeSentTo(stand.graph, stand.twilio, e164, before);
  const confirmed = await t.app.inject({ method: "POST", url: "/api/user/phone/confirm", headers: c.auth, payload: { phone, code } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  expect((confirmed.json() as { account: { verifiedPhones: string[] } }).account.verifiedPhones).toContain(e164);
  return e164;
}
