import type { CartData } from "./cart-data.ts";

// A guest's cart lives in local storage, so a reload or a dropped connection does not lose it (guests keep a
// local-only cart). At sign-in it is merged into the account's cart under a merge key: the key is
// kept until the guest cart changes, so a merge sent again after a reload (while the first was still in flight)
// carries the same key and the server adds the lines only once.
const GUEST_KEY = "guestCart";
const MERGE_KEY = "guestCartMergeKey";

export const readGuestCart = (): CartData => {
  try {
    return JSON.parse(localStorage.getItem(GUEST_KEY) ?? "{}") as CartData;
  } catch {
    return {};
  }
};

/** Stores the guest cart; a cart with other contents is another merge, so it drops the earlier merge key. */
export const writeGuestCart = (cart: CartData) => {
  try {
    const json = JSON.stringify(cart);
    if (json !== (localStorage.getItem(GUEST_KEY) ?? "{}")) localStorage.removeItem(MERGE_KEY);
    if (Object.keys(cart).length) localStorage.setItem(GUEST_KEY, json);
    else localStorage.removeItem(GUEST_KEY);
  } catch {
    // no storage: the cart lives in memory only
  }
};

// 128 random bits as hex. Not crypto.randomUUID: it exists only on secure origins, and the shop may be opened
// over plain http on a local network.
const newMergeKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

/** The Idempotency-Key of merging the current guest cart: the same until the guest cart changes or is merged. */
export const guestCartMergeKey = (): string => {
  try {
    const stored = localStorage.getItem(MERGE_KEY);
    if (stored) return stored;
    const key = newMergeKey();
    localStorage.setItem(MERGE_KEY, key);
    return key;
  } catch {
    return newMergeKey();
  }
};
