import { Type, type Static } from "typebox";
import { Id, Money, ShortText, StrictObject } from "./common.ts";

export const AdminProductImage = Type.Object({
  mediaId: Id,
  thumbId: Type.Union([Id, Type.Null()]),
  url: Type.String(),
  thumbnailUrl: Type.String(),
});
export type AdminProductImage = Static<typeof AdminProductImage>;

export const AdminProduct = Type.Object({
  id: Id,
  name: Type.String(),
  description: Type.String(),
  price: Type.Number(),
  sizes: Type.Array(Type.String()),
  category: Type.String(),
  subCategory: Type.String(),
  bestseller: Type.Boolean(),
  /** Out of the shop, kept for staff. */
  hidden: Type.Boolean(),
  /** Shown as "Esgotado"; carts and orders refuse it. */
  soldOut: Type.Boolean(),
  /** Units in stock per tracked size (docs/product/orders.md#stock); a size not here is not tracked. */
  stock: Type.Record(Type.String(), Type.Integer()),
  images: Type.Array(AdminProductImage),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type AdminProduct = Static<typeof AdminProduct>;

/** Images in display order: the media ids returned by the upload route. */
const ImageRef = StrictObject({ mediaId: Id, thumbId: Type.Union([Id, Type.Null()]) });

export const AdminProductBody = StrictObject({
  name: ShortText({ minLength: 1, maxLength: 200 }),
  description: Type.String({ maxLength: 10000 }),
  /** Kwanza; rounded to 2 decimals when stored. */
  price: Money,
  sizes: Type.Array(ShortText({ minLength: 1, maxLength: 40 }), { maxItems: 50 }),
  category: ShortText({ minLength: 1, maxLength: 80 }),
  subCategory: ShortText({ minLength: 1, maxLength: 120 }),
  bestseller: Type.Boolean(),
  /** Optional for older clients: absent means on sale. */
  hidden: Type.Optional(Type.Boolean()),
  soldOut: Type.Optional(Type.Boolean()),
  /** Units per size, for the sizes whose stock is tracked; absent: unchanged; {}: nothing tracked. */
  stock: Type.Optional(
    Type.Record(Type.String({ minLength: 1, maxLength: 40 }), Type.Integer({ minimum: 0, maximum: 1_000_000 }), { maxProperties: 50 }),
  ),
  images: Type.Array(ImageRef, { minItems: 1, maxItems: 20 }),
});
export type AdminProductBody = Static<typeof AdminProductBody>;

export const AdminUploadReply = Type.Object({ success: Type.Literal(true), image: AdminProductImage });
export type AdminUploadReply = Static<typeof AdminUploadReply>;

export const TaxonomyReply = Type.Object({
  success: Type.Literal(true),
  categories: Type.Array(Type.Object({ name: Type.String(), subCategories: Type.Array(Type.String()) })),
});
export type TaxonomyReply = Static<typeof TaxonomyReply>;
