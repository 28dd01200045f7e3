import type { AdminProductImage } from "../../server/schemas/admin-products.ts";
import { pickFields, type RequestBodyTransform } from "../lib/request-body.ts";

const FIELDS = [
  "name",
  "description",
  "price",
  "sizes",
  "category",
  "subCategory",
  "bestseller",
  "hidden",
  "soldOut",
  "stock",
  "images",
] as const;

/** A product as the server takes it: images by their media ids only, and the optional fields always present. */
export const productRequestBody: RequestBodyTransform = (data) => {
  const body = pickFields(data, FIELDS);
  if (Array.isArray(body.images))
    body.images = (body.images as AdminProductImage[]).map((img) => ({ mediaId: img.mediaId, thumbId: img.thumbId }));
  if (typeof body.description !== "string") body.description = "";
  for (const flag of ["bestseller", "hidden", "soldOut"] as const) if (typeof body[flag] !== "boolean") body[flag] = false;
  if (!Array.isArray(body.sizes)) body.sizes = [];
  // Stock of sizes the product still has (a removed size stops being tracked).
  if (body.stock && typeof body.stock === "object") {
    const sizes = body.sizes as string[];
    body.stock = Object.fromEntries(Object.entries(body.stock as Record<string, number>).filter(([size]) => sizes.includes(size)));
  }
  return body;
};
