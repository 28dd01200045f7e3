// The storefront's index.html with a page's own head and, where the server knows it, the page's content: crawlers
// of WhatsApp and Facebook run no JavaScript, and a phone on 3G sees the product before the app has loaded.
// The app then replaces the markup (createRoot); `loja-initial` spares it fetching what the page already carries.

/** Used when the storefront has not been built (tests, `npm run dev` of the server alone). */
export const FALLBACK_INDEX = `<!doctype html>
<html lang="pt">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="" />
    <title>Loja</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** JSON inside a <script> element: `<`, `>`, `&` and the JavaScript line separators cannot end or break it. */
const jsonForScript = (value: unknown): string =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL of the page. */
  canonical: string;
  /** Open Graph and other <meta property=…> pairs, values unescaped. */
  properties?: [string, string][];
  jsonLd?: unknown;
  noindex?: boolean;
}

export interface PageContent {
  head: PageHead;
  /** Markup for inside <div id="root">, already escaped; the index's own first paint is kept without it. */
  root?: string;
  /** Data the app reads instead of fetching (`<script id="loja-initial">`). */
  initial?: unknown;
  /**
   * The address the markup and data are for (`data-path`): the service worker answers an offline visit to any page
   * with the kept home page, whose first screen must not stand in for another page.
   */
  path?: string;
}

export function renderShell(index: string, page: PageContent): string {
  const { head } = page;
  const tags = [
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    ...(head.noindex ? ['<meta name="robots" content="noindex" />'] : []),
    ...(head.properties ?? []).map(([property, content]) => `<meta property="${escapeHtml(property)}" content="${escapeHtml(content)}" />`),
    ...(head.jsonLd ? [`<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>`] : []),
  ].join("\n    ");
  let html = index
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/>/, () => `<meta name="description" content="${escapeHtml(head.description)}" />`)
    .replace("</head>", () => `  ${tags}\n  </head>`);
  if (page.root !== undefined)
    html = html.replace(
      /<div id="root">[\s\S]*?<\/div>\s*(?=<noscript>|<script|<\/body>)/,
      () => `<div id="root">${page.root}</div>\n    `,
    );
  // A page that shows itself before any script (its markup and loja-initial): its picture gets the connection
  // first, and the boot script (storefront/paint-first.ts) preloads the app once that picture is painted.
  if (page.root !== undefined && page.initial !== undefined) html = html.replace(/\s*<link rel="modulepreload"[^>]*>/g, "");
  if (page.initial !== undefined)
    html = html.replace(
      "</body>",
      () =>
        `  <script id="loja-initial" type="application/json"${page.path === undefined ? "" : ` data-path="${escapeHtml(page.path)}"`}>${jsonForScript(
          page.initial,
        )}</script>\n  </body>`,
    );
  return html;
}
