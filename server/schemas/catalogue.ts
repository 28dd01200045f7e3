// The storefront's catalogue queries (docs/product/shopper-api.md#catalogue). `/api/product/list` stays for other clients.
import { Type, type Static } from "typebox";
import { Id } from "./common.ts";
import { ShopProduct } from "./products.ts";

/** A filter value may repeat (`?category=A&category=B`) or list values with commas (`?category=A,B`). */
const Many = Type.Union([Type.String({ maxLength: 500 }), Type.Array(Type.String({ maxLength: 100 }), { maxItems: 40 })]);

export const CatalogueQuerystring = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 24 })),
    category: Type.Optional(Many),
    subCategory: Type.Optional(Many),
    sort: Type.Optional(
      Type.Union([Type.Literal("relevance"), Type.Literal("price_asc"), Type.Literal("price_desc"), Type.Literal("newest")], {
        default: "relevance",
      }),
    ),
    q: Type.Optional(Type.String({ maxLength: 200 })),
    bestseller: Type.Optional(Type.Boolean()),
    /** Comma-separated product ids, at most 100 (cart, orders). */
    ids: Type.Optional(Type.String({ maxLength: 100 * 65, pattern: "^[A-Za-z0-9_,-]*$" })),
  },
  { additionalProperties: false },
);
export type CatalogueQuerystring = Static<typeof CatalogueQuerystring>;

export const ProductPageReply = Type.Object({
  success: Type.Literal(true),
  products: Type.Array(ShopProduct),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});
export type ProductPageReply = Static<typeof ProductPageReply>;

export const ProductParams = Type.Object({ id: Id });

export const ProductDetailReply = Type.Object({
  success: Type.Literal(true),
  product: ShopProduct,
  related: Type.Array(ShopProduct),
});
export type ProductDetailReply = Static<typeof ProductDetailReply>;

export const HomeReply = Type.Object({
  success: Type.Literal(true),
  latest: Type.Array(ShopProduct),
  bestsellers: Type.Array(ShopProduct),
});
export type HomeReply = Static<typeof HomeReply>;
