import type { ShopProduct } from "../../schemas/products.ts";
import { mediaUrl } from "../media/service.ts";
import { soldOutSizes } from "../../../shared/stock.ts";
import type { ListedProduct } from "./repository.ts";

/** A product as the shopper API shows it: `_id`, `price` as a number, `image` an array of URLs. */
export function toShopProduct(p: ListedProduct): ShopProduct {
  const gone = soldOutSizes(p.stock).filter((s) => p.sizes.includes(s));
  return {
    _id: p.id,
    name: p.name,
    description: p.description,
    price: p.price.toNumber(),
    image: p.images.map((i) => mediaUrl(i.media.publicId)),
    thumbnail: p.images.map((i) => mediaUrl((i.thumb ?? i.media).publicId)),
    middle: p.images.map((i) => mediaUrl((i.media.middle ?? i.media).publicId)),
    sizes: p.sizes,
    category: p.category,
    subCategory: p.subCategory,
    bestseller: p.bestseller,
    // Every size gone: the product is sold out as if staff had marked it.
    soldOut: p.soldOut || (p.sizes.length > 0 && p.sizes.every((s) => gone.includes(s))),
    soldOutSizes: gone,
    date: p.createdAt.getTime(),
  };
}
