import { cartSubtotal as cartAmount, cartCount, cartLines, withAdded, withQuantity } from "../../storefront/features/cart/cart-data.ts";
import { orderTotal } from "../../storefront/features/cart/cart-totals.tsx";
import { product } from "./harness.tsx";

describe("cart data", () => {
  it("adding a product and size starts at 1 and increments the same pair", () => {
    let cart = withAdded({}, "p1", "M");
    expect(cart).toEqual({ p1: { M: 1 } });
    cart = withAdded(cart, "p1", "M");
    cart = withAdded(cart, "p1", "L");
    expect(cart).toEqual({ p1: { M: 2, L: 1 } });
    expect(cartCount(cart)).toBe(3);
  });

  it("setting a quantity to 0 removes the line and the empty product", () => {
    const cart = withQuantity({ p1: { M: 2, L: 1 } }, "p1", "M", 0);
    expect(cart).toEqual({ p1: { L: 1 } });
    expect(withQuantity(cart, "p1", "L", 0)).toEqual({});
  });

  it("derives one line per product and size with a positive quantity", () => {
    expect(cartLines({ p1: { M: 2, L: 0 }, p2: { S: 1 } })).toEqual([
      { productId: "p1", size: "M", quantity: 2 },
      { productId: "p2", size: "S", quantity: 1 },
    ]);
  });

  it("subtotal is the sum of price times quantity, skipping products no longer listed", () => {
    const products = [product(1, { price: 1500 }), product(2, { price: 250.5 })];
    expect(cartAmount({ p1: { M: 2 }, p2: { S: 2 }, gone: { M: 9 } }, products)).toBe(3501);
  });

  it("total adds the 5000 delivery fee, or is 0 for an empty cart", () => {
    expect(orderTotal(3501)).toBe(8501);
    expect(orderTotal(0)).toBe(0);
  });
});
