import { Link } from "react-router-dom";
import { ChatIcon } from "../components/icons.tsx";
import { useShopSettings } from "../features/settings/settings-provider.tsx";
import { shopWhatsApp } from "../features/settings/whatsapp.ts";

/**
 * Pages whose own main action sits at the bottom of the screen (add to cart, checkout, pay, see the order) or at the
 * right of each row (the orders' Pagar and Mensagem, each order's own support chat): the floating button would
 * cover it, and the footer's contacts stay one scroll away.
 */
const OWN_BOTTOM_ACTION = [/^\/product\//, /^\/cart$/, /^\/place-order$/, /^\/confirmacaotransferencia$/, /^\/verify$/, /^\/orders$/];

export const showsFloatingSupport = (pathname: string): boolean => !OWN_BOTTOM_ACTION.some((page) => page.test(pathname));

/** Floating support button: WhatsApp on the shop's first phone, else the contact page. In a landmark of its own, so screen readers can find it. */
export function FloatingSupport() {
  return (
    <aside aria-label="Apoio ao cliente">
      <SupportLink />
    </aside>
  );
}

function SupportLink() {
  const phone = shopWhatsApp(useShopSettings());
  if (phone) {
    return (
      <a className="floating" href={`https://wa.me/${phone}`} target="_blank" rel="noopener noreferrer" aria-label="Suporte por WhatsApp">
        <ChatIcon />
      </a>
    );
  }
  return (
    <Link className="floating" to="/contact" aria-label="Suporte">
      <ChatIcon />
    </Link>
  );
}
