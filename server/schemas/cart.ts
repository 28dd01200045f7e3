// Cart contracts (docs/product/shopper-api.md#cart): the server keeps rows, the API shows the nested cartData map.
import { Type, type Static } from "typebox";
import { Id, ShortText, StrictObject } from "./common.ts";

export const MAX_LINE_QUANTITY = 999;
const MAX_CART_PRODUCTS = 100;

/** A size or colour label; empty passes the edge so the domain can answer with its fixed message ("Select Product Size"). */
const Size = ShortText({ maxLength: 100 });
const Quantity = Type.Integer({ minimum: 0, maximum: MAX_LINE_QUANTITY });

export const CartAddBody = StrictObject({ itemId: Id, size: Size });
export type CartAddBody = Static<typeof CartAddBody>;

/** quantity 0 removes the line. */
export const CartUpdateBody = StrictObject({ itemId: Id, size: Size, quantity: Quantity });
export type CartUpdateBody = Static<typeof CartUpdateBody>;

export const EmptyBody = StrictObject({});

/** { [productId]: { [size]: quantity } } */
export const CartData = Type.Record(Type.String(), Type.Record(Type.String(), Type.Integer()));
export type CartData = Static<typeof CartData>;

/** A guest's local cart, merged into the account's cart at login. */
export const CartMergeBody = StrictObject({
  cartData: Type.Record(
    Id,
    Type.Record(Size, Quantity, { maxProperties: 50, additionalProperties: false, propertyNames: { maxLength: 100 } }),
    {
      maxProperties: MAX_CART_PRODUCTS,
      additionalProperties: false,
    },
  ),
});
export type CartMergeBody = Static<typeof CartMergeBody>;

export const CartMessageReply = Type.Object({ success: Type.Literal(true), message: Type.String() });
export const CartDataReply = Type.Object({ success: Type.Literal(true), cartData: CartData });
export type CartDataReply = Static<typeof CartDataReply>;
