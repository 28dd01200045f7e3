// The returns of an order on its page (docs/product/returns.md#staff): each request with its status, what was asked
// and where it goes next (the Devoluções page of that return).
import { Link as RouterLink } from "react-router-dom";
import { useGetList, useTranslate } from "react-admin";
import { Box, Typography } from "@mui/material";
import type { AdminReturn } from "../../server/schemas/returns.ts";
import { ReturnStatusChip } from "./return-status-chip.tsx";
import { resolutionText } from "./return-show.tsx";

export function OrderReturns({ orderId }: { orderId: string }) {
  const translate = useTranslate();
  const { data } = useGetList<AdminReturn>("returns", {
    filter: { orderId },
    sort: { field: "createdAt", order: "ASC" },
    pagination: { page: 1, perPage: 50 },
  });
  if (!data?.length) return <Typography color="text.secondary">{translate("loja.returns.none")}</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: "none", display: "grid", gap: 1 }} data-testid="order-returns">
      {data.map((r) => (
        <Box component="li" key={r.id} sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1 }}>
          <ReturnStatusChip status={r.status} />
          <RouterLink to={`/returns/${r.id}/show`}>{resolutionText(r)}</RouterLink>
          <Typography variant="body2" color="text.secondary">
            {r.lines.map((l) => `${l.quantity} × ${l.name} (${l.size})`).join("; ")}
            {r.orderId !== orderId && ` · ${translate("loja.returns.replaces", { order: `#${r.shortOrderId}` })}`}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
