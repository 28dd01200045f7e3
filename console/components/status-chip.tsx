import { Chip } from "@mui/material";
import { useTranslate } from "react-admin";
import { STATUS_TONE, isOrderStatus } from "../../shared/orders.ts";

/** An order status as a chip coloured by shared/orders.ts STATUS_TONE, wherever a status is shown. */
export function StatusChip({ status }: { status: string }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={isOrderStatus(status) ? STATUS_TONE[status] : "default"}
      label={translate(`loja.status.${status}`, { _: status })}
      data-testid="order-status"
    />
  );
}
