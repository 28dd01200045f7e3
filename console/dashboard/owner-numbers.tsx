// The owner's numbers on the dashboard (docs/product/console.md#the-owners-numbers): a period (today, 7 or 30 days),
// revenue per day as a chart, orders by status, the money awaiting payment, the best sellers, the average paid
// order and how orders were paid. One column on a phone.
import { Suspense, lazy, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useDataProvider, useTranslate } from "react-admin";
import {
  Box,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import type { ConsoleDataProvider } from "../data-provider.ts";
import { DASHBOARD_PERIODS, type DashboardPeriod } from "../../shared/dashboard.ts";
import { formatKz } from "../../shared/money.ts";
import { formatDateTime } from "../lib/format.ts";
import { StatusChip } from "../components/status-chip.tsx";
import { ReportExports } from "./report-exports.tsx";

const RevenueChart = lazy(() => import("./revenue-chart.tsx"));

function Figure({ label, value, detail, testId }: { label: string; value: string; detail?: string; testId: string }) {
  return (
    <Card variant="outlined" sx={{ flex: "1 1 160px", minWidth: 0 }}>
      <CardContent>
        <Typography color="text.secondary" variant="body2">
          {label}
        </Typography>
        <Typography variant="h5" data-testid={testId} sx={{ overflowWrap: "anywhere" }}>
          {value}
        </Typography>
        {detail && (
          <Typography variant="caption" color="text.secondary">
            {detail}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

export function OwnerNumbers() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [period, setPeriod] = useState<DashboardPeriod>("7d");
  // Under the dashboard's query key: a new order refreshes it with the counters.
  const { data } = useQuery({
    queryKey: ["dashboard", "numbers", period],
    queryFn: () => dataProvider.getDashboardNumbers(period),
    refetchInterval: 60_000,
  });
  const paidBy = data?.paidBy;
  const paidTotal = paidBy ? paidBy.multicaixa + paidBy.transfer + paidBy.card : 0;
  const share = (n: number) => (paidTotal ? `${Math.round((n / paidTotal) * 100)} %` : "—");
  return (
    <Card sx={{ mb: 2 }} data-testid="owner-numbers">
      <CardContent>
        <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: 1, mb: 2 }}>
          <Typography variant="h6">{translate("loja.dashboard.numbers")}</Typography>
          <ToggleButtonGroup size="small" exclusive value={period} onChange={(_, next: DashboardPeriod | null) => next && setPeriod(next)}>
            {DASHBOARD_PERIODS.map((p) => (
              <ToggleButton key={p} value={p}>
                {translate(`loja.dashboard.period_${p}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
        {data && (
          <>
            <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, mb: 2 }}>
              <Figure testId="numbers-revenue" label={translate("loja.dashboard.revenue")} value={formatKz(data.revenue)} />
              <Figure testId="numbers-paid-orders" label={translate("loja.dashboard.paid_orders")} value={String(data.paidOrders)} />
              <Figure testId="numbers-average" label={translate("loja.dashboard.average_order")} value={formatKz(data.averageOrderValue)} />
              <Figure
                testId="numbers-awaiting"
                label={translate("loja.dashboard.awaiting_money")}
                value={formatKz(data.awaiting.total)}
                detail={translate("loja.dashboard.awaiting_detail", {
                  count: data.awaiting.count,
                  deadline: data.awaiting.oldestDeadline
                    ? formatDateTime(data.awaiting.oldestDeadline)
                    : translate("loja.dashboard.no_deadline"),
                })}
              />
            </Box>
            <Typography variant="subtitle1">{translate("loja.dashboard.revenue_by_day")}</Typography>
            <Box sx={{ width: "100%", minWidth: 0, height: 220, mb: 2 }}>
              <Suspense fallback={null}>
                <RevenueChart days={data.revenueByDay} />
              </Suspense>
            </Box>
            <Box sx={{ display: "grid", gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(3, minmax(0, 1fr))" }, gap: 2 }}>
              <Box>
                <Typography variant="subtitle1">{translate("loja.dashboard.by_status")}</Typography>
                {data.ordersByStatus.length === 0 && (
                  <Typography color="text.secondary">{translate("loja.dashboard.nothing_yet")}</Typography>
                )}
                {data.ordersByStatus.map((s) => (
                  <Box key={s.status} sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", py: 0.5 }}>
                    <StatusChip status={s.status} />
                    <Typography>{s.count}</Typography>
                  </Box>
                ))}
              </Box>
              <Box>
                <Typography variant="subtitle1">{translate("loja.dashboard.paid_by")}</Typography>
                {(["multicaixa", "transfer", "card"] as const).map((c) => (
                  <Box key={c} sx={{ display: "flex", justifyContent: "space-between", py: 0.5 }} data-testid={`paid-by-${c}`}>
                    <Typography>{translate(`loja.dashboard.paid_${c}`)}</Typography>
                    <Typography>
                      {data.paidBy[c]} · {share(data.paidBy[c])}
                    </Typography>
                  </Box>
                ))}
              </Box>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="subtitle1">{translate("loja.dashboard.top_products")}</Typography>
                {data.topProducts.length === 0 ? (
                  <Typography color="text.secondary">{translate("loja.dashboard.nothing_yet")}</Typography>
                ) : (
                  <Table size="small" data-testid="top-products">
                    <TableHead>
                      <TableRow>
                        <TableCell>{translate("loja.orders.product")}</TableCell>
                        <TableCell align="right">{translate("loja.dashboard.units")}</TableCell>
                        <TableCell align="right">{translate("loja.dashboard.revenue")}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {data.topProducts.map((p) => (
                        <TableRow key={`${p.productId ?? ""}:${p.name}`}>
                          <TableCell sx={{ overflowWrap: "anywhere" }}>{p.name}</TableCell>
                          <TableCell align="right">{p.units}</TableCell>
                          <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                            {formatKz(p.revenue)}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                )}
              </Box>
            </Box>
            {/* Keyed by the period: choosing another one starts the export's range at its first day again. */}
            <ReportExports key={data.from} from={data.from} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
