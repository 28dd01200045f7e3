// The order page's WhatsApp side: the button that opens the shopper's WhatsApp with the message for where the order
// stands, and each WhatsApp/SMS message the shop sent with its state.
import { render, screen, within } from "@testing-library/react";
import { AdminContext, RecordContextProvider } from "react-admin";
import polyglotI18nProvider from "ra-i18n-polyglot";
import type { ReactNode } from "react";
import { ptMessages } from "../../console/i18n/pt.ts";
import { OrderPhoneMessages, ShopperWhatsAppButton } from "../../console/orders/order-phone-messages.tsx";
import type { AdminOrder } from "../../server/schemas/admin-orders.ts";
import { staffOrder } from "./order-fixtures.ts";

const i18nProvider = polyglotI18nProvider(() => ptMessages, "pt");
const onOrderPage = (record: AdminOrder, ui: ReactNode) =>
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <RecordContextProvider value={record}>{ui}</RecordContextProvider>
    </AdminContext>,
  );

describe("WhatsApp on the order page", () => {
  it("opens wa.me on the shopper's phone with a payment reminder: amount, reference and deadline", () => {
    const order = staffOrder({
      status: "Aguardando Pagamento",
      paid: false,
      amountPaid: 0,
      totalAmount: 25000,
      paymentReference: "LJ7K2M9QX",
      paymentDeadline: "2026-11-27T13:05:00.000Z",
    });
    onOrderPage(order, <ShopperWhatsAppButton order={{ ...order, address: { ...order.address, phone: "923 456 789" } }} />);
    const href = screen.getByRole("link", { name: /WhatsApp ao cliente/ }).getAttribute("href")!;
    expect(href.startsWith("https://wa.me/244923456789?text=")).toBe(true);
    const text = decodeURIComponent(href.split("?text=")[1]!);
    expect(text).toContain("Olá Carla! O seu pedido #0000C1 aguarda o pagamento de");
    expect(text).toContain("Descritivo da transferência: LJ7K2M9QX");
    expect(text).toContain("Pague até 27/11/2026 às 14:05 (hora de Angola).");
  });

  it("says a dispatched order left with its tracking, and offers nothing for a phone that is no number", () => {
    const order = staffOrder({
      status: "Enviado",
      shipment: { at: "2026-11-26T10:00:00.000Z", carrier: "Moto Express", trackingCode: "ME-1" },
    });
    const { unmount } = onOrderPage(
      order,
      <ShopperWhatsAppButton order={{ ...order, address: { ...order.address, phone: "923456789" } }} />,
    );
    const text = decodeURIComponent(
      screen
        .getByRole("link", { name: /WhatsApp ao cliente/ })
        .getAttribute("href")!
        .split("?text=")[1]!,
    );
    expect(text).toBe(
      "Olá Carla! O seu pedido #0000C1 foi enviado.\nTransportadora: Moto Express\nCódigo de seguimento: ME-1\n" +
        "Qualquer dúvida, responda a esta mensagem.",
    );
    unmount();
    onOrderPage(order, <ShopperWhatsAppButton order={{ ...order, address: { ...order.address, phone: "12" } }} />);
    expect(screen.queryByRole("link", { name: /WhatsApp ao cliente/ })).toBeNull();
  });

  it("lists each WhatsApp and SMS message with its state", () => {
    const base = { to: "+244923456789", lastError: null, deliveryStatusAt: null, createdAt: "2026-11-26T10:00:00.000Z" };
    onOrderPage(
      staffOrder({
        phoneMessages: [
          { ...base, id: "m1", channel: "whatsapp", subject: "Pedido #0000C1 recebido", status: "sent", deliveryStatus: "read" },
          {
            ...base,
            id: "m2",
            channel: "whatsapp",
            subject: "Pagamento confirmado — pedido #0000C1",
            status: "failed",
            deliveryStatus: null,
            lastError: "WhatsApp 400 (131026): Message Undeliverable.",
          },
          { ...base, id: "m3", channel: "sms", subject: "Pagamento confirmado — pedido #0000C1", status: "pending", deliveryStatus: null },
        ],
      }),
      <OrderPhoneMessages />,
    );
    const items = within(screen.getByTestId("phone-messages")).getAllByRole("listitem");
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^WhatsAppPedido #0000C1 recebidoLida/),
      expect.stringMatching(/^WhatsAppPagamento confirmado — pedido #0000C1Falhou.*131026/),
      expect.stringMatching(/^SMSPagamento confirmado — pedido #0000C1Por enviar/),
    ]);
  });

  it("says when no message went by WhatsApp or SMS", () => {
    onOrderPage(staffOrder(), <OrderPhoneMessages />);
    expect(screen.getByText("Nenhuma mensagem por WhatsApp ou SMS.")).toBeInTheDocument();
  });
});
