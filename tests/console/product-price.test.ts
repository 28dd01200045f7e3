// Any price in kwanza above zero (a step of 100 on the input would refuse 29 990 kz; 0 must be refused).
import { describe, expect, it } from "vitest";
import { validPrice } from "../../console/products/price.ts";

describe("the product form's price rule", () => {
  it("accepts any amount above zero with at most two decimals, up to the column's bound", () => {
    for (const ok of [29_990, 0.01, 12_500.5, 9_999_999_999.99]) expect(validPrice(ok), String(ok)).toBeUndefined();
  });
  it("refuses zero, negatives, more than the column holds and fractions of a cent", () => {
    expect(validPrice(0)).toBe("loja.products.price_positive");
    expect(validPrice(-5)).toBe("loja.products.price_positive");
    expect(validPrice(undefined)).toBe("loja.products.price_positive");
    expect(validPrice(10_000_000_000)).toBe("loja.products.price_too_high");
    expect(validPrice(10.005)).toBe("loja.products.price_cents");
  });
});
