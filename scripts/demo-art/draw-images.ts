// Draws the demo catalogue's product images (server/demo/images/*.jpg) from SVG illustrations.
//
//   npx tsx scripts/demo-art/draw-images.ts                 # (re)draw every image
//   npx tsx scripts/demo-art/draw-images.ts --sheet /tmp/s.png   # also write a contact sheet to review
//   npx tsx scripts/demo-art/draw-images.ts --only sofa-boucle    # redraw one product's images
//
// Each product slug (image name without "-N.jpg") maps to a drawer and its colours below.
// Image 1 is the main shot on the neutral studio backdrop; further images show the other
// colours sold, a close-up of a detail or the product turned a little, on other backdrops.
import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { demoProducts } from "../../server/demo/catalogue.ts";
import * as el from "./art-eletronico.ts";
import * as maq from "./art-maquinas.ts";
import * as mob from "./art-mobilia.ts";
import * as moda from "./art-moda.ts";
import { type Backdrop, type Drawer, frame, palette } from "./svg.ts";

const here = dirname(fileURLToPath(import.meta.url));
export const imagesDir = join(here, "..", "..", "server", "demo", "images");

const SIZE = 900;
const MAX_BYTES = 70 * 1024;

type Mode = "main" | "zoom" | "tilt";
interface View {
  /** Index into colours; 0 when absent. */
  colour?: number;
  mode: Mode;
}
interface ArtSpec {
  draw: Drawer;
  /** [base, accent] pairs; the first is the main product colour. */
  colours: Array<[string, string]>;
  /** Explicit views per image; by default: every colour first, then a close-up, then a turned view. */
  views?: View[];
}

const zoom: View = { mode: "zoom" };
const tilt: View = { mode: "tilt" };

const art: Record<string, ArtSpec> = {
  // Moda
  "camisa-linho": {
    draw: moda.shirt({ pocket: true }),
    colours: [
      ["#cfdceb", "#333333"],
      ["#e9e1d1", "#333333"],
    ],
  },
  "polo-pique": {
    draw: moda.tee({ polo: true }),
    colours: [
      ["#1f3a5f", "#ffffff"],
      ["#9e2f3f", "#ffffff"],
    ],
  },
  "blusa-cetim": {
    draw: moda.shirt({ pocket: false, blouse: true }),
    colours: [
      ["#e8c3b9", "#333333"],
      ["#2e6e5e", "#333333"],
    ],
  },
  "vestido-floral": {
    draw: moda.dress,
    colours: [
      ["#27405e", "#e9808a"],
      ["#b5543c", "#f6e7c8"],
    ],
    views: [{ mode: "main" }, { colour: 1, mode: "main" }, zoom, tilt],
  },
  "tenis-runner": {
    draw: moda.sneaker,
    colours: [
      ["#2f3b52", "#ff6a3d"],
      ["#e4e4e0", "#2f7de1"],
    ],
  },
  "sapato-derby": {
    draw: moda.derby,
    colours: [
      ["#6b3f22", "#000000"],
      ["#2c2623", "#000000"],
    ],
  },
  "bolsa-tote": {
    draw: moda.tote,
    colours: [
      ["#b0773f", "#000000"],
      ["#2e2c30", "#000000"],
      ["#d9c3a5", "#000000"],
    ],
  },
  "oculos-aviador": {
    draw: moda.aviators,
    colours: [
      ["#d3a94e", "#3d5a3a"],
      ["#c0c6cc", "#4a5866"],
    ],
  },
  "relogio-aco": {
    draw: moda.watch,
    colours: [
      ["#c8ced6", "#1d3557"],
      ["#d6b25e", "#2a2622"],
      ["#4a4b50", "#1f5c4a"],
    ],
  },
  "colar-pingente": { draw: moda.necklace, colours: [["#d8ad52", "#7fd3e8"]] },
  "conjunto-fitness": {
    draw: moda.fitnessSet,
    colours: [
      ["#2b2d42", "#e56b8a"],
      ["#3d5a80", "#98c1d9"],
    ],
  },
  "conjunto-infantil": { draw: moda.kidsSet, colours: [["#f2c14e", "#3d8fd6"]] },
  "jeans-plus": { draw: moda.jeans, colours: [["#3f5f8a", "#ffffff"]] },
  "tshirt-organica": {
    draw: moda.tee({ leaf: true }),
    colours: [
      ["#ddd0b8", "#ffffff"],
      ["#7c9a7e", "#ffffff"],
    ],
  },

  // Eletronico
  "smartphone-x12": {
    draw: el.phone("pro"),
    colours: [
      ["#1c2430", "#4a7bd0"],
      ["#b9d3e6", "#3f7fd9"],
      ["#8c8a85", "#c08a5b"],
    ],
  },
  "smartphone-a15": {
    draw: el.phone("basic"),
    colours: [
      ["#23262b", "#2f9e7a"],
      ["#bfe3d0", "#2f9e7a"],
    ],
  },
  "tablet-tab11": { draw: el.tablet, colours: [["#8a9099", "#6a5acd"]], views: [{ mode: "main" }, tilt] },
  "portatil-ultrafino": { draw: el.laptop, colours: [["#c9ced4", "#3a7bd5"]], views: [{ mode: "main" }, tilt, zoom] },
  "power-bank": {
    draw: el.powerBank,
    colours: [
      ["#2b2d31", "#36c28a"],
      ["#eeeeec", "#36c28a"],
    ],
  },
  "auscultadores-anc": {
    draw: el.headphones(false),
    colours: [
      ["#2a2b30", "#ff7a3d"],
      ["#d8c8b0", "#ff7a3d"],
      ["#2b3a55", "#ff7a3d"],
    ],
  },
  "auriculares-tws": {
    draw: el.earbuds,
    colours: [
      ["#f4f4f2", "#5ad17a"],
      ["#2b2d31", "#5ad17a"],
    ],
  },
  "smart-tv-55": { draw: el.tv, colours: [["#222222", "#d9628a"]] },
  "monitor-curvo": { draw: el.monitor, colours: [["#222222", "#7b5cff"]], views: [{ mode: "main" }, tilt] },
  "comando-consola": {
    draw: el.gamepad,
    colours: [
      ["#2b2e35", "#e64b4b"],
      ["#ededeb", "#4b7be6"],
      ["#c8323c", "#ffffff"],
    ],
  },
  "headset-gamer": { draw: el.headphones(true), colours: [["#1b1c20", "#00e0ff"]] },
  "drone-4k": { draw: el.drone, colours: [["#8d949c", "#ff5a3c"]] },
  "coluna-inteligente": {
    draw: el.smartSpeaker,
    colours: [
      ["#4a4f58", "#38b6ff"],
      ["#d8cbb5", "#38b6ff"],
      ["#2f5d6b", "#38b6ff"],
    ],
  },
  "smartwatch-amoled": {
    draw: el.smartwatch,
    colours: [
      ["#2b2d31", "#c8ced6"],
      ["#e8a6b4", "#e9d3c7"],
    ],
  },
  "fritadeira-ar": {
    draw: el.airFryer,
    colours: [
      ["#26282d", "#ff8a3d"],
      ["#efeeec", "#ff8a3d"],
    ],
  },

  // Mobília
  "sofa-boucle": {
    draw: mob.sofa(3),
    colours: [
      ["#9a9a96", "#c98a4b"],
      ["#d8cbb5", "#6b8f71"],
      ["#7d8560", "#e2c290"],
    ],
  },
  "poltrona-escandinava": {
    draw: mob.armchair,
    colours: [
      ["#d9a33a", "#000000"],
      ["#c4c7c9", "#000000"],
    ],
  },
  "cama-estofada": {
    draw: mob.bed,
    colours: [
      ["#8c8f93", "#d9cbb4"],
      ["#d6c6ad", "#9fb3c8"],
    ],
  },
  "guarda-roupa": {
    draw: mob.wardrobe,
    colours: [
      ["#f2f0ec", "#000000"],
      ["#c9a678", "#000000"],
    ],
  },
  "mesa-jantar": {
    draw: mob.diningSet,
    colours: [
      ["#d6c7ad", "#6b8fa3"],
      ["#8e9196", "#c4693d"],
    ],
  },
  "bancos-altos": { draw: mob.barStools, colours: [["#2b2d31", "#000000"]] },
  "cadeira-ergonomica": {
    draw: mob.officeChair,
    colours: [
      ["#2b2d31", "#000000"],
      ["#8a8f96", "#000000"],
    ],
  },
  "secretaria-gavetas": {
    draw: mob.desk,
    colours: [
      ["#f4f2ee", "#e0a96d"],
      ["#2b2d31", "#c4693d"],
    ],
  },
  "candeeiro-arco": {
    draw: mob.arcLamp,
    colours: [
      ["#c9a14a", "#ffd98a"],
      ["#2b2d31", "#ffd98a"],
    ],
  },
  "vasos-ceramica": {
    draw: mob.vases,
    colours: [
      ["#c4693d", "#000000"],
      ["#cdb791", "#000000"],
    ],
  },
  "cadeira-rattan": {
    draw: mob.rattanChair,
    colours: [
      ["#c8a06a", "#f1ebe0"],
      ["#5a5a5c", "#e8e4da"],
    ],
  },
  "cozinha-modulada": {
    draw: mob.kitchen,
    colours: [
      ["#f4f4f2", "#d9a066"],
      ["#a9b9a0", "#c4693d"],
    ],
  },
  "sofa-cama": {
    draw: mob.sofa(2),
    colours: [
      ["#2f5d6b", "#e2b96b"],
      ["#8e9196", "#d97b5a"],
    ],
  },
  "beliche-infantil": {
    draw: mob.bunkBed,
    colours: [
      ["#f2efe9", "#4a86c5"],
      ["#d8b98c", "#e58fa0"],
    ],
  },

  // Máquinas
  "berbequim-20v": { draw: maq.drill, colours: [["#f2b705", "#3ddc84"]] },
  "rebarbadora-115": { draw: maq.grinder, colours: [["#1f7a8c", "#000000"]] },
  "gerador-65kva": { draw: maq.generator, colours: [["#e23b2e", "#000000"]] },
  "compressor-100l": { draw: maq.compressor, colours: [["#d7263d", "#000000"]] },
  "trator-50cv": { draw: maq.tractor, colours: [["#2e8b3e", "#f2c230"]] },
  "motobomba-3": { draw: maq.waterPump, colours: [["#d7263d", "#000000"]] },
  "betoneira-150l": { draw: maq.concreteMixer, colours: [["#f28c28", "#000000"]], views: [{ mode: "main" }, tilt] },
  "macaco-jacare": { draw: maq.floorJack, colours: [["#d7263d", "#000000"]] },
  "costura-eletronica": { draw: maq.sewingMachine, colours: [["#f4f3f0", "#d94f86"]] },
  "overlock-4fios": { draw: maq.overlock, colours: [["#f4f3f0", "#3c8dde"]] },
  "lavadora-pressao": { draw: maq.pressureWasher, colours: [["#f2c230", "#333333"]] },
  "aspirador-industrial": { draw: maq.shopVac, colours: [["#e03a2f", "#000000"]] },
  "soldadora-inverter": { draw: maq.welder, colours: [["#1f6fd1", "#6cff9f"]] },
  "braco-robotico": { draw: maq.robotArm, colours: [["#f07b1f", "#3a7bd5"]] },
};

/** Backdrop per image position: the main shot is always neutral. */
const backdropFor = (index: number): Backdrop => (["studio", "warm", "cool", "blush"] as const)[index % 4] ?? "studio";

function viewFor(spec: ArtSpec, index: number): View {
  const explicit = spec.views?.[index];
  if (explicit) return explicit;
  if (index < spec.colours.length) return { colour: index, mode: "main" };
  return (index - spec.colours.length) % 2 === 0 ? zoom : tilt;
}

interface Job {
  file: string;
  svg: string;
}

function jobs(only?: string): Job[] {
  const out: Job[] = [];
  for (const product of demoProducts) {
    product.images.forEach((file, index) => {
      const m = /^(.+)-(\d+)\.jpg$/.exec(file);
      const slug = m?.[1];
      if (!slug || Number(m?.[2]) !== index + 1) throw new Error(`${product.name}: image "${file}" must be named <slug>-${index + 1}.jpg`);
      if (only && slug !== only) return;
      const spec = art[slug];
      if (!spec) throw new Error(`No drawing for "${slug}" (${product.name}): add it to the art table`);
      const view = viewFor(spec, index);
      const [base, accent] = spec.colours[view.colour ?? 0] ?? spec.colours[0] ?? ["#888888", "#444444"];
      const pal = palette(base, accent);
      out.push({ file, svg: frame({ art: spec.draw(pal), pal, backdrop: backdropFor(index), mode: view.mode }) });
    });
  }
  return out;
}

/** Renders one SVG to a JPEG under the size budget (lowers quality a little if needed). */
async function renderJpeg(svg: string): Promise<Buffer> {
  const raster = await sharp(Buffer.from(svg)).resize(SIZE, SIZE).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let quality = 78;
  for (;;) {
    const jpeg = await sharp(raster.data, { raw: raster.info }).jpeg({ quality, mozjpeg: true }).toBuffer();
    if (jpeg.length <= MAX_BYTES || quality <= 60) return jpeg;
    quality -= 4;
  }
}

async function contactSheet(files: string[], out: string): Promise<void> {
  const cell = 220;
  const cols = 8;
  const tiles = await Promise.all(files.map((f) => sharp(join(imagesDir, f)).resize(cell, cell).toBuffer()));
  await sharp({ create: { width: cols * cell, height: Math.ceil(files.length / cols) * cell, channels: 3, background: "#ffffff" } })
    .composite(tiles.map((input, i) => ({ input, left: (i % cols) * cell, top: Math.floor(i / cols) * cell })))
    .png()
    .toFile(out);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const arg = (name: string): string | undefined => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const only = arg("--only");
  const sheet = arg("--sheet");

  await mkdir(imagesDir, { recursive: true });
  const todo = jobs(only);
  let total = 0;
  // A few at a time: librsvg rendering is CPU-bound and memory-hungry.
  for (let i = 0; i < todo.length; i += 6) {
    const batch = todo.slice(i, i + 6);
    const sizes = await Promise.all(
      batch.map(async (job) => {
        const jpeg = await renderJpeg(job.svg);
        await writeFile(join(imagesDir, job.file), jpeg);
        return jpeg.length;
      }),
    );
    total += sizes.reduce((a, b) => a + b, 0);
  }

  if (!only) {
    // Drop images no product references any more, so the folder matches the catalogue.
    const wanted = new Set(demoProducts.flatMap((p) => p.images));
    for (const f of await readdir(imagesDir)) {
      if (f.endsWith(".jpg") && !wanted.has(f)) await rm(join(imagesDir, f));
    }
  }
  console.log(`${todo.length} images, ${(total / 1024).toFixed(0)} kB total, in ${imagesDir}`);
  if (sheet) {
    await contactSheet(
      todo.map((j) => j.file),
      sheet,
    );
    console.log(`contact sheet: ${sheet}`);
  }
}

await main();
