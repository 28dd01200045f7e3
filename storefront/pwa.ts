import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { transformWithOxc, type Plugin } from "vite";

/** The shop as the phone shows it once installed: name, colours of the design (index.html's theme colour). */
export const MANIFEST = {
  name: "Loja — Importados 100% originais em Angola",
  short_name: "Loja",
  description: "Produtos importados 100% originais em Angola, pagamento por transferência bancária e suporte por pedido.",
  lang: "pt-AO",
  dir: "ltr",
  id: "/",
  start_url: "/",
  scope: "/",
  display: "standalone",
  orientation: "portrait",
  background_color: "#ffffff",
  theme_color: "#111111",
  icons: [
    { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
    { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    { src: "/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
  ],
};

/**
 * The navbar's mark ("L" with the red dot) drawn with shapes, not text: the build machine may have no fonts.
 * `inset` is the share of the side kept clear around it (maskable icons keep their content in the middle 80 %).
 */
function iconSvg(inset: number, rounded: boolean): string {
  const size = 512;
  const pad = size * inset;
  const unit = (size - 2 * pad) / 10;
  const at = (n: number) => pad + n * unit;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<rect width="${size}" height="${size}" rx="${rounded ? size * 0.18 : 0}" fill="#111111"/>
<rect x="${at(2.6)}" y="${at(1.8)}" width="${unit * 1.5}" height="${unit * 6.4}" fill="#ffffff"/>
<rect x="${at(2.6)}" y="${at(6.7)}" width="${unit * 3.6}" height="${unit * 1.5}" fill="#ffffff"/>
<circle cx="${at(7.2)}" cy="${at(7.45)}" r="${unit * 0.85}" fill="#dc2626"/>
</svg>`;
}

const png = (svg: string, width: number) => sharp(Buffer.from(svg)).resize(width, width).png({ compressionLevel: 9 }).toBuffer();

/**
 * Installable storefront: writes manifest.webmanifest, the icons (PNG from SVG, here rather than committed
 * binaries) and sw.js (storefront/sw.ts without its types) with the files the built index.html loads, so the
 * shell opens without a network. Runs after paint-first, which rewrites index.html.
 */
export function pwa(): Plugin {
  return {
    name: "loja-pwa",
    apply: "build",
    generateBundle: {
      order: "post",
      async handler(_options, bundle) {
        const page = bundle["index.html"];
        if (page?.type !== "asset") return;
        const html = String(page.source);
        const shell = [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!))].sort();
        const source = await readFile(fileURLToPath(new URL("./sw.ts", import.meta.url)), "utf8");
        const { code } = await transformWithOxc(source, "sw.ts", { lang: "ts" });
        const version = createHash("sha256").update(code).update(shell.join("\n")).digest("base64url").slice(0, 10);
        const worker = code.replaceAll("__LOJA_SHELL__", JSON.stringify(shell)).replaceAll("__LOJA_VERSION__", JSON.stringify(version));
        this.emitFile({ type: "asset", fileName: "sw.js", source: worker });
        this.emitFile({ type: "asset", fileName: "manifest.webmanifest", source: `${JSON.stringify(MANIFEST, null, 2)}\n` });
        const [small, large, maskable] = await Promise.all([
          png(iconSvg(0.1, true), 192),
          png(iconSvg(0.1, true), 512),
          png(iconSvg(0.2, false), 512),
        ]);
        this.emitFile({ type: "asset", fileName: "icon-192.png", source: small });
        this.emitFile({ type: "asset", fileName: "icon-512.png", source: large });
        this.emitFile({ type: "asset", fileName: "icon-maskable-512.png", source: maskable });
      },
    },
  };
}
