// Any price in kwanza above zero (a step of 100 on the input would refuse 29 990 kz; 0 must be refused).
import { describe, expect, it } from "vitest";
import { validPrice } from "../../console/products/price.ts";
import { parseKwanza, priceFallsSharply } from "../../shared/kwanza-input.ts";

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

describe("kwanza typed as people write it (shared/kwanza-input.ts, every kwanza input of the console)", () => {
  it("reads 29.990, 29 990, 29990 and 29990,00 as 29 990 kz, and 12500,50 as 12 500,50 kz", () => {
    for (const typed of ["29.990", "29 990", "29990", "29990,00", "29.990,00", "29 990 kz"]) expect(parseKwanza(typed), typed).toBe(29_990);
    expect(parseKwanza("12500,50")).toBe(12_500.5);
    expect(parseKwanza("12.500,50")).toBe(12_500.5);
    for (const bad of ["", "abc", "0", "-5", "1,005"]) expect(parseKwanza(bad), bad).toBeNull();
  });
  it("asks to confirm a price that falls by more than half", () => {
    expect(priceFallsSharply(29_990, 29.99)).toBe(true);
    expect(priceFallsSharply(29_990, 15_000)).toBe(false);
    expect(priceFallsSharply(undefined, 10)).toBe(false);
  });
});
