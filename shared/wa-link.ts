// wa.me links (docs/product/storefront.md#product-page): plain text, no phone library. The storefront's first
// screens link to the shop's WhatsApp (the floating button, the product page), and its number already arrives as
// E.164's digits from the server; validating numbers (shared/phones.ts, libphonenumber-js) stays out of that bundle.

/** A wa.me link: to `number` (E.164's digits), or, without one, letting the shopper pick the chat; `text` ready to send. */
export const waMeLink = (text: string, number: string | null = null): string =>
  `https://wa.me/${number ?? ""}?text=${encodeURIComponent(text)}`;
