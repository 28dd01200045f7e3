import { createHash } from "node:crypto";
import type { Plugin, Rollup } from "vite";
import { CARD_SIZES, PRODUCT_MAIN_SIZES, PRODUCT_SRCSET_SOURCE } from "../shared/product-images.ts";
import { collectionPageUrl, EMPTY_COLLECTION_QUERY, HOME_URL, NOVOS_URL, productUrl } from "./features/catalogue/api/catalogue.ts";

/**
 * Routes whose page is a lazy chunk, by path prefix, and the page module that serves them (app/router.tsx).
 * tests/storefront/route-table.test.ts fails when this and the router disagree.
 */
export const ROUTE_PAGES: Record<string, string> = {
  "/collection": "pages/collection.tsx",
  "/novos": "pages/novos.tsx",
  "/about": "pages/about.tsx",
  "/contact": "pages/contact.tsx",
  "/product/": "pages/product.tsx",
  "/cart": "pages/cart.tsx",
  "/login": "pages/login.tsx",
  "/forgot-password": "pages/forgot-password.tsx",
  "/reset-password": "pages/reset-password.tsx",
  "/place-order": "pages/place-order.tsx",
  "/orders": "pages/orders.tsx",
  "/message": "pages/message.tsx",
  "/privacypolicy": "pages/privacy-policy.tsx",
  "/trocas-e-devolucoes": "pages/returns-policy.tsx",
  "/confirmacaotransferencia": "pages/transfer-confirmation.tsx",
  "/account": "pages/account.tsx",
};

/**
 * The built index.html starts the app only after the browser has painted its skeleton, and fetches the
 * landing page's chunk alongside the app instead of after it.
 *
 * Why: on a phone the app's first evaluation is a long task; when the scripts arrive quickly (a warm cache,
 * a fast network) the browser would run it before its first frame and the shopper would stare at a white
 * screen. A modulepreload still downloads the app during parsing; a small inline module imports it after the
 * next frame. And a shopper who opens a shared product link would otherwise wait for the app, then one more
 * round trip (300 ms or more on 3G) for the product page's chunk. The stylesheet (3 KB compressed) comes inside
 * the HTML: on 3G a render-blocking file of its own costs a connection and a round trip before the first paint.
 */
export function paintFirst(): Plugin {
  return {
    name: "loja-paint-first",
    apply: "build",
    // After Vite has written index.html into the bundle; the server's CSP allows no inline script, so the
    // boot code is a small file of its own, named by its content like every other asset.
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        const page = bundle["index.html"];
        if (page?.type !== "asset") return;
        const html = String(page.source);
        const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === "chunk");
        const entry = chunks.find((c) => c.isEntry);
        if (!entry) return;
        const tag = `<script type="module" crossorigin src="/${entry.fileName}"></script>`;
        if (!html.includes(tag)) throw new Error(`paint-first: the entry's script tag for ${entry.fileName} is not in index.html`);

        // Files a route needs beyond the entry and its static imports.
        const initial = new Set<string>();
        const addClosure = (file: string) => {
          if (initial.has(file)) return;
          initial.add(file);
          const chunk = bundle[file];
          for (const dep of chunk?.type === "chunk" ? chunk.imports : []) addClosure(dep);
        };
        addClosure(entry.fileName);
        const routes: Record<string, string[]> = {};
        for (const [prefix, pageModule] of Object.entries(ROUTE_PAGES)) {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`/storefront/${pageModule}`));
          if (!chunk) throw new Error(`paint-first: no chunk for ${pageModule}`);
          routes[prefix] = [chunk.fileName, ...chunk.imports.filter((f) => !initial.has(f))].map((f) => `/${f}`);
        }

        // Hero pictures by slide number (1-4), as hero-slides.ts builds their srcset.
        const hero: string[] = [];
        for (let n = 1; n <= 4; n++) {
          const url = (w: number) => Object.keys(bundle).find((f) => new RegExp(`^assets/hero-${n}-${w}-[^/]+\\.webp$`).test(f));
          const small = url(800);
          const large = url(1600);
          hero.push([small && `/${small} 800w`, large && `/${large} 1600w`].filter(Boolean).join(", "));
        }

        const boot = [
          `const r=${JSON.stringify(routes)};const m=${JSON.stringify([...initial].map((f) => `/${f}`))};`,
          `const p=location.pathname;const k=Object.keys(r).find((k)=>k.endsWith("/")?p.startsWith(k):p===k||p.startsWith(k+"/"));`,
          `const pre=(hs)=>{for(const h of hs){const l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.fetchPriority="low";l.href=h;document.head.append(l)}};`,
          // A page the server filled in (`/`, `/collection`, a product: loja-initial, its markup and picture in #root)
          // comes without the app's preloads (server/pages/shell.ts): its picture is its largest paint and, on 3G, would
          // share the little bandwidth with ~85 KB of scripts. The app is fetched once the picture is on screen (below).
          // Markup written for another address (the service worker's kept home page, offline) is taken out unseen.
          `let sr=document.getElementById("loja-initial");const sp=sr&&sr.dataset.path;`,
          `if(sp!==undefined&&sp!==null&&sp!==p){sr=null;for(const n of document.querySelectorAll("#root .first-screen"))n.remove()}`,
          `if(k&&!sr)pre(r[k]);`,
          // Each catalogue screen's own request starts here, alongside the app, and the app takes it over
          // (lib/cached-api.ts: window.__lojaEarly, by URL): one request, a round trip earlier.
          `const e=(u)=>((window.__lojaEarly=window.__lojaEarly||{})[u]=fetch(u,{headers:{Accept:"application/json"}}).then((res)=>res.json().then((body)=>({status:res.status,body})),()=>null));`,
          `if(p==="/"&&!sr)e(${JSON.stringify(HOME_URL)});if(p==="/novos")e(${JSON.stringify(NOVOS_URL)});`,
          // The largest paint of /collection is its first card's picture, and of a product page the product's (unless
          // the server already drew the page: loja-initial, with its pictures in the markup). Both are
          // known only from the answer: start that picture with the same src/srcset/sizes as its <img> (ProductImage).
          `const pp=p.startsWith("/product/")&&!sr;`,
          `const c=p==="/collection"&&!location.search&&!sr;if(pp||c){`,
          `e(pp?${JSON.stringify(productUrl(""))}+p.slice(9):${JSON.stringify(collectionPageUrl(EMPTY_COLLECTION_QUERY, 1))}).then((r)=>{const d=r&&r.body;const x=d&&(pp?d.product:d.products&&d.products[0]);if(!x||!x.image[0])return;`,
          `const l=document.createElement("link");l.rel="preload";l.as="image";l.fetchPriority="high";const t=x.thumbnail&&x.thumbnail[0];`,
          `if(t){l.href=t;l.imageSrcset=(${PRODUCT_SRCSET_SOURCE})(t,x.image[0],x.middle&&x.middle[0]);l.imageSizes=pp?${JSON.stringify(PRODUCT_MAIN_SIZES)}:${JSON.stringify(CARD_SIZES)}}else l.href=x.image[0];`,
          `document.head.append(l)},()=>{})}`,
          // The home page's largest paint is its first hero slide, random per visit: unless the server drew the page
          // (and picked it), pick it here, preload its picture like home.tsx does, and tell the app which one it is
          // (hero-slides.ts: heroOrder).
          `if(p==="/"&&!sr){const h=${JSON.stringify(hero)};const f=Math.floor(Math.random()*h.length);window.__lojaHeroFirst=f;`,
          `if(h[f]){const l=document.createElement("link");l.rel="preload";l.as="image";l.fetchPriority="high";l.href=h[f].split(" ")[0];l.imageSrcset=h[f];l.imageSizes="100vw";document.head.append(l)}}`,
          // The web app manifest is linked here, with the app: the browser fetches a linked manifest and its icon at once,
          // two requests before the picture (docs/design/performance.md#on-a-quiet-machine-session-21).
          `const go=()=>{const mf=document.createElement("link");mf.rel="manifest";mf.href="/manifest.webmanifest";document.head.append(mf);if(sr){pre(m);if(k)pre(r[k])}import("/${entry.fileName}")};`,
          // Two frames: the first one has been presented (not only produced) before the app's long first task starts.
          `const painted=()=>requestAnimationFrame(()=>requestAnimationFrame(()=>setTimeout(go)));`,
          // A server page's picture first (loaded, then painted) and, where the page shows its skeleton first, the end
          // of that second (styles.css: .first-screen's animation); never more than 4 s, so a picture that is slow or
          // broken does not hold the app back. A hidden tab paints nothing: start at once there rather than wait for
          // a frame that will not come.
          `const im=sr&&document.querySelector("#root img");const fs=sr&&document.querySelector("#root .first-screen");const ws=[];`,
          // "On screen" means the browser reported the picture as a largest-contentful-paint candidate, which it does
          // once that frame is presented: the app's requests must start after it. Lighthouse's simulation counts every
          // request started before the observed LCP as needed for it, so ~90 KB of scripts asked for in the same frame
          // put ~1 s of Regular 3G onto the product page's LCP (runs of 2.4–3.8 s instead of ~2.0 s). Where the browser
          // has no LCP entries, or the picture is not the page's largest, its decoding and 300 ms stand in.
          `const seen=(el)=>new Promise((d)=>{const P=window.PerformanceObserver;const t=(P&&P.supportedEntryTypes)||[];if(!t.includes("largest-contentful-paint"))return setTimeout(d,300);`,
          `const o=new P((l)=>{if(l.getEntries().some((x)=>x.element===el))f()});const f=()=>{o.disconnect();d()};o.observe({type:"largest-contentful-paint",buffered:true});setTimeout(f,300)});`,
          `if(im)ws.push((im.complete?Promise.resolve():new Promise((d)=>{im.addEventListener("load",d);im.addEventListener("error",d)})).then(()=>im.decode().catch(()=>{})).then(()=>seen(im)));`,
          `if(fs&&fs.getAnimations)for(const a of fs.getAnimations())ws.push(a.finished.catch(()=>{}));`,
          `if(document.visibilityState==="hidden")go();else if(ws.length){let w=0;const f=()=>{if(!w){w=1;painted()}};Promise.all(ws).then(f);setTimeout(f,4000)}else painted();`,
          "\n",
        ].join("");
        const fileName = `assets/boot-${createHash("sha256").update(boot).digest("base64url").slice(0, 8)}.js`;
        this.emitFile({ type: "asset", fileName, source: boot });
        // The scripts are not needed for the first paint any more: low priority keeps them behind the CSS and,
        // on the home page, the hero picture, while still downloading during parsing.
        const preloads = html
          .replace(
            tag,
            `<link rel="modulepreload" crossorigin href="/${entry.fileName}">\n    <script type="module" crossorigin src="/${fileName}"></script>`,
          )
          .replace(/<link rel="modulepreload" crossorigin href=/g, '<link rel="modulepreload" crossorigin fetchpriority="low" href=');
        page.source = inlineStylesheets(preloads, bundle);
      },
    },
  };
}

/** Replaces each built stylesheet link with the stylesheet itself (the CSP allows inline styles). */
function inlineStylesheets(html: string, bundle: Rollup.OutputBundle): string {
  return html.replace(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g, (tag, file: string) => {
    const asset = bundle[file];
    if (asset?.type !== "asset") return tag;
    return `<style>${String(typeof asset.source === "string" ? asset.source : new TextDecoder().decode(asset.source)).trim()}</style>`;
  });
}
