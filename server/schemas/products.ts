import { Type, type Static } from "typebox";
import { Id } from "./common.ts";

/** A product as the shopper API shows it (docs/product/shopper-api.md#shapes). */
export const ShopProduct = Type.Object({
  _id: Id,
  name: Type.String(),
  description: Type.String(),
  price: Type.Number(),
  /** Full-size image URLs (WebP), first is the main one. */
  image: Type.Array(Type.String()),
  /** Small WebP versions of `image`, same order: for lists and srcset. */
  thumbnail: Type.Array(Type.String()),
  /** 800 px WebP versions of `image`, same order: for srcset; a picture still without one repeats its `image` URL. */
  middle: Type.Array(Type.String()),
  sizes: Type.Array(Type.String()),
  category: Type.String(),
  subCategory: Type.String(),
  bestseller: Type.Boolean(),
  /** On show but not for sale: the shop says "Esgotado" and the cart refuses it. */
  soldOut: Type.Boolean(),
  /** Sizes with no unit left (docs/product/orders.md#stock): shown, not choosable. */
  soldOutSizes: Type.Optional(Type.Array(Type.String())),
  /** Milliseconds since the epoch the product was added. */
  date: Type.Number(),
});
export type ShopProduct = Static<typeof ShopProduct>;

export const ProductListReply = Type.Object({
  success: Type.Literal(true),
  products: Type.Array(ShopProduct),
  message: Type.Optional(Type.String()),
});
export type ProductListReply = Static<typeof ProductListReply>;
