import { Link as RouterLink } from "react-router-dom";
import { Alert, Button } from "@mui/material";
import { useTranslate } from "react-admin";
import { formatKz } from "../../shared/money.ts";
import { shortOrderId } from "../../shared/orders.ts";

/** The alert every console page shows when a shopper places an order, with a link to it. */
export function NewOrderAlert({ orderId, totalAmount }: { orderId: string; totalAmount: number }) {
  const translate = useTranslate();
  return (
    <Alert
      severity="info"
      variant="filled"
      data-testid="new-order-alert"
      action={
        <Button component={RouterLink} to={`/orders/${encodeURIComponent(orderId)}/show`} color="inherit" size="small">
          {translate("loja.dashboard.open_order")}
        </Button>
      }
    >
      {translate("loja.dashboard.new_order", { shortId: shortOrderId(orderId), total: formatKz(totalAmount) })}
    </Alert>
  );
}
