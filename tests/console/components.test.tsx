// Widgets every console resource shares: a status looks the same in every list, a payment method reads the same.
import { render, screen } from "@testing-library/react";
import { I18nContextProvider } from "react-admin";
import polyglotI18nProvider from "ra-i18n-polyglot";
import { ORDER_STATUSES, STATUS_TONE } from "../../shared/orders.ts";
import { ptMessages } from "../../console/i18n/pt.ts";
import { StatusChip } from "../../console/components/status-chip.tsx";
import { PaymentMethodLabel } from "../../console/components/payment-method-label.tsx";

const i18nProvider = polyglotI18nProvider(() => ptMessages, "pt");
const capitalized = (tone: string) => tone[0]!.toUpperCase() + tone.slice(1);

describe("console shared widgets", () => {
  it("shows each order status by its Portuguese name, in the shop's colour for it", () => {
    for (const status of ORDER_STATUSES) {
      const { unmount } = render(
        <I18nContextProvider value={i18nProvider}>
          <StatusChip status={status} />
        </I18nContextProvider>,
      );
      const chip = screen.getByTestId("order-status");
      expect(chip).toHaveTextContent(status);
      expect(chip.className).toContain(`MuiChip-color${capitalized(STATUS_TONE[status])}`);
      unmount();
    }
  });

  it("names the payment methods, and shows an unknown one as stored", () => {
    const { container, rerender } = render(<PaymentMethodLabel method="bank_transfer" />);
    expect(container).toHaveTextContent("Transferência bancária");
    rerender(<PaymentMethodLabel method="stripe" />);
    expect(container).toHaveTextContent("Cartão (Stripe)");
    rerender(<PaymentMethodLabel method="multicaixa" />);
    expect(container).toHaveTextContent("multicaixa");
  });
});
