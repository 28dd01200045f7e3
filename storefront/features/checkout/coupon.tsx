// The discount code in the cart and at checkout (docs/product/coupons.md): the shopper types it once, it is kept
// for the visit (sessionStorage, like the checkout draft) and previewed again whenever the amounts change; the
// server applies it itself at placement.
import { useEffect, useState, type FormEvent } from "react";
import { COUPON_FIELD_LABEL, normaliseCouponCode } from "../../../shared/coupons.ts";
import { previewCoupon } from "./api/preview-coupon.ts";
import type { CouponPreviewReply } from "../../../server/schemas/coupons.ts";

const CODE_KEY = "loja.coupon";
const SIGN_IN_FIRST = "Entre na sua conta para usar um código de desconto.";

const storedCode = (): string => {
  try {
    return sessionStorage.getItem(CODE_KEY) ?? "";
  } catch {
    return "";
  }
};
const storeCode = (code: string) => {
  try {
    if (code) sessionStorage.setItem(CODE_KEY, code);
    else sessionStorage.removeItem(CODE_KEY);
  } catch {
    // private mode: the code lasts for this page only
  }
};
/** After an order is placed the code is spent: the next cart starts without it. */
export const forgetCoupon = () => storeCode("");

export interface CouponState {
  code: string;
  /** The preview of the current amounts; null while none is asked (no code, no session) or one is on its way. */
  preview: CouponPreviewReply | null;
  /** A preview for the current amounts is on its way: the order waits for it. */
  loading: boolean;
  /** What to take off the total now (0 unless the preview accepted the code). */
  discount: number;
  /** The code to send with the order (only an accepted one). */
  accepted: string | undefined;
  apply(code: string): void;
  remove(): void;
}

/** `deliveryFee` undefined: not known yet (the cart), so free delivery is accepted and takes nothing off yet. */
export function useCoupon(subtotal: number, deliveryFee: number | undefined, signedIn: boolean): CouponState {
  const [code, setCode] = useState(storedCode);
  const key = JSON.stringify([code, subtotal, deliveryFee ?? null, signedIn]);
  const [loaded, setLoaded] = useState<{ key: string; reply: CouponPreviewReply } | null>(null);
  const asks = Boolean(code && signedIn && subtotal > 0);
  useEffect(() => {
    if (!asks) return;
    let live = true;
    previewCoupon({ code, subtotal, ...(deliveryFee === undefined ? {} : { deliveryFee }) })
      .then((reply) => live && setLoaded({ key, reply }))
      .catch(() => live && setLoaded({ key, reply: { success: false, discount: 0, message: "Não foi possível verificar o código." } }));
    return () => {
      live = false;
    };
  }, [asks, key, code, subtotal, deliveryFee]);
  const preview =
    asks && loaded?.key === key ? loaded.reply : !signedIn && code ? { success: false, discount: 0, message: SIGN_IN_FIRST } : null;
  const ok = preview?.success === true;
  return {
    code,
    preview,
    loading: asks && loaded?.key !== key,
    discount: ok ? preview.discount : 0,
    accepted: ok ? code : undefined,
    apply: (typed) => {
      const next = normaliseCouponCode(typed);
      storeCode(next);
      setCode(next);
    },
    remove: () => {
      storeCode("");
      setCode("");
    },
  };
}

/** "Código de desconto": the field, its Aplicar button, and the preview's words (the discount or why not). */
export function CouponField({ coupon }: { coupon: CouponState }) {
  const [typed, setTyped] = useState(coupon.code);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    coupon.apply(typed);
  };
  const p = coupon.preview;
  return (
    <div className="coupon" data-testid="coupon">
      <label htmlFor="coupon-code">{COUPON_FIELD_LABEL}</label>
      <div className="coupon-row">
        <input
          id="coupon-code"
          name="couponCode"
          value={typed}
          autoCapitalize="characters"
          autoComplete="off"
          maxLength={40}
          onChange={(e) => setTyped(e.target.value)}
          // Inside the checkout's form: Enter applies the code rather than placing the order.
          onKeyDown={(e) => {
            if (e.key === "Enter") submit(e);
          }}
        />
        {coupon.code && normaliseCouponCode(typed) === coupon.code ? (
          <button
            type="button"
            className="btn btn-outline btn-small"
            onClick={() => {
              coupon.remove();
              setTyped("");
            }}
          >
            Remover
          </button>
        ) : (
          <button type="button" className="btn btn-outline btn-small" onClick={submit} disabled={!typed.trim()}>
            Aplicar
          </button>
        )}
      </div>
      <p className={p && !p.success ? "field-error" : "muted"} role="status" data-testid="coupon-message">
        {coupon.loading ? "A verificar o código…" : (p?.message ?? "")}
      </p>
    </div>
  );
}
