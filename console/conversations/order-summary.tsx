import { Link as RouterLink } from "react-router-dom";
import { useGetOne, useTranslate } from "react-admin";
import { Box, Button, Card, CardContent, Typography } from "@mui/material";
import type { AdminOrder } from "../../server/schemas/admin-orders.ts";
import { formatKz } from "../../shared/money.ts";
import { StatusChip } from "../components/status-chip.tsx";

export function OrderSummary({ orderId }: { orderId: string }) {
  const translate = useTranslate();
  const { data: order } = useGetOne<AdminOrder>("orders", { id: orderId });
  if (!order) return null;
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {translate("loja.conversations.order_summary")}
        </Typography>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, mb: 1 }}>
          <Typography variant="subtitle1">#{order.shortId}</Typography>
          <StatusChip status={order.status} />
        </Box>
        <Typography variant="body2">
          {order.customer.name}
          {order.customer.email ? ` · ${order.customer.email}` : ""}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {order.address.phone} · {order.address.city}
        </Typography>
        <Box component="ul" sx={{ pl: 2.5, my: 1 }}>
          {order.lines.map((l, i) => (
            <li key={i}>
              <Typography variant="body2">
                {l.quantity} × {l.name} ({l.size}) — {formatKz(l.price)}
              </Typography>
            </li>
          ))}
        </Box>
        <Typography variant="body2">
          <strong>
            {translate("resources.orders.fields.totalAmount")}: {formatKz(order.totalAmount)}
          </strong>
        </Typography>
        <Button component={RouterLink} to={`/orders/${order.id}/show`} size="small" sx={{ mt: 1 }}>
          {translate("loja.conversations.view_order")}
        </Button>
      </CardContent>
    </Card>
  );
}
