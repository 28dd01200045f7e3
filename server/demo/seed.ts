// Seeds the demo catalogue (products with images, shop settings marked as demo) into an empty database.
// Runs at first start of the embedded default; a database that already has products or settings is left alone,
// and the whole seed is one transaction, so a restart never duplicates it and a crash never leaves half of it.
import type { PrismaClient } from "../db/client.ts";
import { saveProductImage } from "../domain/media/service.ts";
import type { MediaStore } from "../domain/media/store.ts";
import { isValidPlacement } from "../../shared/catalogue.ts";
import { demoProducts } from "./catalogue.ts";
import { prepareDemoImages } from "./prepared-images.ts";
import { ANGOLA_PROVINCES } from "../../shared/delivery.ts";

const DAY_MS = 24 * 3600 * 1000;

const DEMO_SETTINGS = {
  phones: ["+244 923 000 101", "+244 934 000 202", "+244 945 000 303"],
  emails: ["contacto@loja-demo.ao", "support@loja-demo.ao"],
  addresses: [
    "Loja Luanda (demonstração): Rua Rainha Ginga 100, Ingombota, Luanda",
    "Loja Benguela (demonstração): Av. Norton de Matos 25, Benguela",
    "Escritório de compras (demonstração): Guangzhou, China",
  ],
  bankName: "Banco Demonstração (dados fictícios)",
  accountHolder: "LOJA DEMO, LDA (dados fictícios)",
  accountNumber: "0000 0000 0000 0000 1",
  iban: "AO06 0000 0000 0000 0000 0000 1",
  returnPolicy:
    "Artigos por usar, com etiqueta e na embalagem original. Entregue-os na Loja Luanda (Rua Rainha Ginga 100) ou combine a recolha na conversa do pedido. Com defeito ou diferente do anunciado, a loja paga o envio de volta; nos outros casos, o envio de volta é por conta do cliente. (Texto de demonstração)",
  isDemo: true,
};

/**
 * The demo's delivery (docs/product/checkout.md#delivery): Luanda 5 000 kz, free from 150 000 kz; the other provinces
 * 8 000 kz; one pickup point in Luanda at 0.
 */
export const DEMO_DELIVERY = {
  zones: [
    { name: "Luanda", provinces: ["Luanda"], price: 5000, freeFrom: 150_000, eta: "24–72 h" },
    {
      name: "Outras províncias",
      provinces: ANGOLA_PROVINCES.filter((p) => p !== "Luanda"),
      price: 8000,
      freeFrom: null,
      eta: "3 a 5 dias úteis",
    },
  ],
  pickupPoints: [
    {
      name: "Loja Luanda (levantamento)",
      address: "Rua Rainha Ginga 100, Ingombota, Luanda",
      hours: "Segunda a sábado, 9h–18h",
      price: 0,
      eta: "pronto em 24 h",
      province: "Luanda",
    },
  ],
};

export async function seedDemo(
  prisma: PrismaClient,
  media: MediaStore,
  now = Date.now(),
  /** delivery: false leaves zones and pickup points out (API tests make their own). */
  options: { delivery?: boolean } = {},
): Promise<{ seeded: boolean; products: number }> {
  const [products, settings] = await Promise.all([prisma.product.count(), prisma.shopSettings.count()]);
  if (products > 0 || settings > 0) return { seeded: false, products };

  for (const p of demoProducts) {
    if (!isValidPlacement(p.category, p.subCategory))
      throw new Error(`Demo product "${p.name}" has an unknown sub-category ${p.subCategory}`);
  }
  const images = await prepareDemoImages(demoProducts.flatMap((p) => p.images));

  await prisma.$transaction(
    async (tx) => {
      // Oldest first, so ids and creation times agree with the storefront's "latest" ordering.
      const ordered = [...demoProducts].sort((a, b) => b.daysAgo - a.daysAgo);
      for (const [index, p] of ordered.entries()) {
        const createdAt = new Date(now - p.daysAgo * DAY_MS + index * 1000);
        const stored = [];
        for (const file of p.images) stored.push(await saveProductImage(tx, media, images.get(file)!));
        await tx.product.create({
          data: {
            name: p.name,
            description: p.description,
            price: p.price,
            sizes: p.sizes,
            category: p.category,
            subCategory: p.subCategory,
            bestseller: p.bestseller,
            createdAt,
            images: { create: stored.map((s, position) => ({ position, mediaId: s.mediaId, thumbId: s.thumbId })) },
          },
        });
      }
      await tx.shopSettings.create({ data: { id: 1, ...DEMO_SETTINGS } });
      if (options.delivery !== false) {
        await tx.deliveryZone.createMany({ data: DEMO_DELIVERY.zones.map((z) => ({ ...z, provinces: [...z.provinces] })) });
        await tx.pickupPoint.createMany({ data: DEMO_DELIVERY.pickupPoints });
      }
    },
    { timeout: 300_000, maxWait: 60_000 },
  );
  return { seeded: true, products: demoProducts.length };
}
