// Shared steps for the storefront's browser tests (tests/e2e/storefront-*.test.ts): a phone-sized page,
// toasts, staff replies through the real staff API, and small real files to attach.
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { E2E_ADMIN } from "../helpers/shop-process.ts";

/** A low-end Android phone: small screen, touch, 2x pixels (360 px wide unless told). */
export async function phonePage(browser: Browser, width = 360): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: "pt-AO",
  });
  return context.newPage();
}

/** A product as the shop's list gives it (what the browser tests pick from). */
export interface ListedProduct {
  _id: string;
  price: number;
  sizes: string[];
}

/** POSTs JSON to the shop's API as a client would; throws unless it answers success. */
export async function postShop<T>(url: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const reply = (await res.json()) as T & { success: boolean; message?: string };
  if (!res.ok || !reply.success) throw new Error(`${url}: ${res.status} ${reply.message ?? ""}`);
  return reply;
}

/**
 * The delivery fee the shop charges for an address and items worth `subtotal` with no option chosen (the zone serving
 * it, free-from applied: the demo delivers Luanda free from 150 000 kz), as a client computing its total asks.
 */
export async function deliveryFeeFor(url: string, address: { state: string; city: string }, subtotal: number): Promise<number> {
  const query = new URLSearchParams({ state: address.state, city: address.city, subtotal: String(subtotal) });
  const reply = (await (await fetch(`${url}/api/delivery/options?${query}`)).json()) as { options: { fee: number }[] };
  return reply.options[0]!.fee;
}

/** Waits for a toast with exactly this text. */
export async function expectToast(page: Page, text: string, timeout = 15_000): Promise<void> {
  await page.locator(".Toastify__toast", { hasText: text }).first().waitFor({ timeout });
}

/** The product's first size put in the cart from its page, then the checkout opened, as a shopper does it. */
export async function cartThenCheckout(page: Page, shopUrl: string, product: ListedProduct): Promise<void> {
  await page.goto(`${shopUrl}/product/${product._id}`);
  await page.getByRole("radio", { name: product.sizes[0], exact: true }).click();
  await page.getByRole("button", { name: "ADICIONAR AO CARRINHO" }).click();
  await expectToast(page, "Produto adicionado ao carrinho!");
  await page.goto(`${shopUrl}/place-order`);
}

/** What a shopper types into the checkout's address (the optional fields only where given). */
export interface TypedAddress {
  firstName: string;
  lastName: string;
  email: string;
  street: string;
  district?: string;
  city: string;
  zipcode?: string;
  phone: string;
  province: string;
}

/** Types the address into the checkout field by field, by the labels the shopper reads; the province last. */
export async function typeCheckoutAddress(page: Page, a: TypedAddress): Promise<void> {
  const fields: [string, string | undefined][] = [
    ["Primeiro nome", a.firstName],
    ["Sobrenome", a.lastName],
    ["Email", a.email],
    ["Endereço da Rua", a.street],
    ["Bairro (opcional)", a.district],
    ["Cidade", a.city],
    ["Código Postal", a.zipcode],
    ["Telefone", a.phone],
  ];
  for (const [label, value] of fields) if (value !== undefined) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole("combobox", { name: "Província" }).selectOption(a.province);
}

export async function staffToken(url: string): Promise<string> {
  const res = await fetch(`${url}/admin/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(E2E_ADMIN),
  });
  if (!res.ok) throw new Error(`staff login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** A support agent answers in the order's conversation, as the console does. */
export async function staffReply(
  url: string,
  token: string,
  orderId: string,
  text: string,
  file?: { bytes: Uint8Array; name: string; type: string },
) {
  const form = new FormData();
  form.append("text", text);
  if (file) form.append("file", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const res = await fetch(`${url}/admin/api/conversations/${orderId}/messages`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`staff reply failed: ${res.status} ${await res.text()}`);
}

/** A valid two-page PDF, written by hand so no PDF library is needed. */
export function twoPagePdf(): Uint8Array {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R 5 0 R] /Count 2 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 7 0 R >> >> >>",
    null,
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 6 0 R /Resources << /Font << /F1 7 0 R >> >> >>",
    null,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  const stream = (text: string) => {
    const body = `BT /F1 18 Tf 40 100 Td (${text}) Tj ET`;
    return `<< /Length ${body.length} >>\nstream\n${body}\nendstream`;
  };
  objects[3] = stream("Comprovativo 1");
  objects[5] = stream("Comprovativo 2");
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

export async function smallPng(): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 40 } } })
      .png()
      .toBuffer(),
  );
}
