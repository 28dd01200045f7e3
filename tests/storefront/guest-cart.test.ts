// The guest cart in local storage and the key its merge at sign-in is sent with (storefront/features/cart/guest-cart.ts).
import { afterEach, describe, expect, it } from "vitest";
import { guestCartMergeKey, readGuestCart, writeGuestCart } from "../../storefront/features/cart/guest-cart.ts";

afterEach(() => localStorage.clear());

describe("guest cart", () => {
  it("keeps the cart across reloads and forgets it when emptied", () => {
    writeGuestCart({ p1: { M: 2 } });
    expect(readGuestCart()).toEqual({ p1: { M: 2 } });
    writeGuestCart({});
    expect(localStorage.getItem("guestCart")).toBeNull();
    expect(readGuestCart()).toEqual({});
  });

  it("reads a damaged entry as an empty cart", () => {
    localStorage.setItem("guestCart", "{not json");
    expect(readGuestCart()).toEqual({});
  });

  it("sends the same merge key again until the cart changes (a reload during sign-in merges once)", () => {
    writeGuestCart({ p1: { M: 1 } });
    const key = guestCartMergeKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    // The page reloads: the same cart is written again and the merge is sent again with the same key.
    writeGuestCart({ p1: { M: 1 } });
    expect(guestCartMergeKey()).toBe(key);
    // The guest changes the cart: that is another merge.
    writeGuestCart({ p1: { M: 2 } });
    const next = guestCartMergeKey();
    expect(next).not.toBe(key);
    // Merged: the cart and its key are gone, the next guest cart gets a new key.
    writeGuestCart({});
    expect(localStorage.getItem("guestCartMergeKey")).toBeNull();
    writeGuestCart({ p1: { M: 2 } });
    expect(guestCartMergeKey()).not.toBe(next);
  });
});
