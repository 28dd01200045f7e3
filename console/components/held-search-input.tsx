import { SearchInput, useTranslate } from "react-admin";

/**
 * The orders' and customers' search box, saying what it finds: staff type whatever they hold (an order number, a
 * name, the delivery phone in any format, a payment or bank reference; docs/product/console.md#pedidos-orders).
 */
export function HeldSearchInput(props: { source: string; alwaysOn?: boolean }) {
  const translate = useTranslate();
  return <SearchInput {...props} placeholder={translate("loja.search.held")} />;
}
