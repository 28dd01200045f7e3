import css from "./payment.css?inline";

// The money path's styles travel inside the chunks of the pages that use them and are added on first use: a
// stylesheet file per route would add its name to the entry's preload map, and rules in styles.css would grow
// the inlined first-visit stylesheet (tests/bench/storefront-weight.ts). The CSP allows inline styles.
const STYLE_ID = "payment-styles";

if (typeof document !== "undefined" && !document.getElementById(STYLE_ID)) {
  const style = document.createElement("style");
  style.id = STYLE_ID;
  style.textContent = css;
  document.head.append(style);
}
