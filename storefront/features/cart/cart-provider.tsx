import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { toast } from "../../lib/toast.ts";
import { addToCart } from "./api/add-to-cart.ts";
import { getCart } from "./api/get-cart.ts";
import { updateCart } from "./api/update-cart.ts";
import { mergeCart } from "./api/merge-cart.ts";
import { cartCount, withAdded, withQuantity, type CartData, type CartLine } from "./cart-data.ts";
import { ApiError } from "../../lib/api-client.ts";
import { useSession } from "../auth/session.tsx";
import { readToken } from "../../lib/token.ts";
import { guestCartMergeKey, readGuestCart, writeGuestCart } from "./guest-cart.ts";

// Changes apply locally at once and, when signed in, go to the server (docs/product/checkout.md#cart-rules).
// The guest cart is kept in local storage (features/cart/guest-cart.ts) and merged into the server cart at sign-in.

interface Cart {
  cart: CartData;
  count: number;
  add: (productId: string, size: string) => void;
  setQuantity: (productId: string, size: string, quantity: number) => void;
  /** Puts lines in the cart (an earlier order's, "Encomendar de novo"): each at least at its quantity, never doubled. */
  addLines: (lines: readonly CartLine[]) => void;
  clear: () => void;
  /** The cart is the account's (a guest's lines merged in at sign-in), or the guest's: not a guest cart waiting to merge. */
  synced: boolean;
}

const CartContext = createContext<Cart>({
  cart: {},
  count: 0,
  add: () => {},
  setQuantity: () => {},
  addLines: () => {},
  clear: () => {},
  synced: true,
});

export function CartProvider({ children }: { children: ReactNode }) {
  const { token } = useSession();
  const [cart, setCart] = useState<CartData>(() => (readToken() ? {} : readGuestCart()));
  // The token whose server cart is loaded (the checkout places a guest's order only once their lines are merged).
  const [syncedFor, setSyncedFor] = useState<string | null>(null);

  useEffect(() => {
    if (!token) {
      setCart(readGuestCart());
      return;
    }
    let live = true;
    const guest = readGuestCart();
    (Object.keys(guest).length ? mergeCart(guest, guestCartMergeKey()) : getCart())
      .then((server) => {
        writeGuestCart({});
        if (!live) return;
        setCart(server);
        setSyncedFor(token);
      })
      .catch((e: unknown) => {
        // A refused token has expired the session already (SessionExpiredError): nothing more to say.
        if (e instanceof ApiError) toast.error(e.fromServer ? e.message : "Error loading cart");
      });
    return () => {
      live = false;
    };
  }, [token]);

  // A guest's cart survives reloads and dropped connections in local storage.
  useEffect(() => {
    if (!token) writeGuestCart(cart);
  }, [cart, token]);

  const change = useCallback(
    (next: (c: CartData) => CartData, send: () => Promise<unknown>) => {
      setCart(next);
      if (token) send().catch(() => {});
    },
    [token],
  );

  const add = useCallback(
    (productId: string, size: string) => {
      change(
        (c) => withAdded(c, productId, size),
        () => addToCart(productId, size),
      );
      toast.success("Produto adicionado ao carrinho!");
    },
    [change],
  );

  const setQuantity = useCallback(
    (productId: string, size: string, quantity: number) =>
      change(
        (c) => withQuantity(c, productId, size, quantity),
        () => updateCart(productId, size, quantity),
      ),
    [change],
  );

  const addLines = useCallback(
    (lines: readonly CartLine[]) => {
      const wanted = (c: CartData, l: CartLine) => Math.max(c[l.productId]?.[l.size] ?? 0, l.quantity);
      // Worked out from the cart as it is now, so the server is sent what the screen shows.
      const quantities = lines.map((l) => ({ ...l, quantity: wanted(cart, l) }));
      change(
        (c) => lines.reduce((next, l) => withQuantity(next, l.productId, l.size, wanted(next, l)), c),
        () => Promise.all(quantities.map((l) => updateCart(l.productId, l.size, l.quantity))),
      );
    },
    [cart, change],
  );

  const clear = useCallback(() => setCart({}), []);

  const synced = !token || syncedFor === token;
  const value = useMemo(
    () => ({ cart, count: cartCount(cart), add, setQuantity, addLines, clear, synced }),
    [cart, add, setQuantity, addLines, clear, synced],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export const useCart = () => useContext(CartContext);
