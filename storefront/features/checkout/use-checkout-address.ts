import { useCallback, useEffect, useState } from "react";
import { getAccount, type Account } from "../account/api/account.ts";
import { userOrders } from "../orders/api/user-orders.ts";
import { NEW_ADDRESS, toFormAddress } from "./address-form.tsx";
import type { Address } from "./types.ts";

type Field = keyof Address;

/** The checkout form as the shopper left it: the address and the fields they typed themselves. */
interface CheckoutDraft {
  address: Address;
  typed: Field[];
}

// sessionStorage: the draft survives the detour through /login and a reload, but not the closing of the tab.
const DRAFT_KEY = "checkoutDraft";

function readDraft(): CheckoutDraft | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? "null") as Partial<CheckoutDraft> | null;
    if (!saved?.address || !Array.isArray(saved.typed)) return null;
    return { address: toFormAddress({ ...NEW_ADDRESS, ...saved.address }), typed: saved.typed.filter((f): f is Field => f in NEW_ADDRESS) };
  } catch {
    // An unreadable draft (edited by hand, older shape) is simply a new form.
    return null;
  }
}

/** The province and city the checkout's form holds so far (the cart prices delivery with them); empty when none. */
export function checkoutDraftPlace(): { state: string; city: string } {
  const address = readDraft()?.address;
  return { state: address?.state ?? "", city: address?.city ?? "" };
}

/** The order was placed: the next checkout starts from the account again. */
export const forgetCheckoutDraft = () => sessionStorage.removeItem(DRAFT_KEY);

/**
 * Where a signed-in shopper's form starts: the saved address, else the last order's, with the account's name and
 * e-mail. Each source is optional: a server without the account route still offers the last order's address.
 */
async function startingAddress(): Promise<Partial<Address>> {
  const account: Account | null = await getAccount({ quiet: true }).catch(() => null);
  const last = account?.savedAddress ? null : ((await userOrders().catch(() => []))[0]?.address ?? null);
  const base: Partial<Address> = account?.savedAddress ?? last ?? {};
  const [first = "", ...rest] = (account?.name ?? "").trim().split(/\s+/);
  return {
    ...base,
    firstName: base.firstName || first,
    lastName: base.lastName || rest.join(" "),
    email: base.email || (account?.email ?? ""),
  };
}

/**
 * The checkout's address: kept in the tab's session as it is typed, and, once signed in, started from what the
 * shop already knows. A field the shopper typed is never overwritten.
 */
export function useCheckoutAddress(token: string) {
  const [draft, setDraft] = useState<CheckoutDraft>(() => readDraft() ?? { address: NEW_ADDRESS, typed: [] });

  useEffect(() => sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft)), [draft]);

  useEffect(() => {
    if (!token) return;
    let live = true;
    void startingAddress().then((start) => {
      if (!live) return;
      setDraft(({ address, typed }) => {
        const known = Object.entries(start).filter(([field, value]) => value?.trim() && !typed.includes(field as Field));
        return { address: { ...address, ...Object.fromEntries(known) }, typed };
      });
    });
    return () => {
      live = false;
    };
  }, [token]);

  const edit = useCallback((next: Address) => {
    setDraft(({ address, typed }) => ({
      address: next,
      typed: [...typed, ...(Object.keys(next) as Field[]).filter((f) => next[f] !== address[f] && !typed.includes(f))],
    }));
  }, []);

  return { address: draft.address, edit };
}
