import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "react-router-dom";
import { Loading, Title, useDataProvider, useTranslate } from "react-admin";
import {
  Box,
  Card,
  CardContent,
  Link,
  List,
  ListItemButton,
  ListItemText,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from "@mui/material";
import type { ConsoleDataProvider } from "../data-provider.ts";
import { StatusChip } from "../components/status-chip.tsx";
import { formatKz } from "../../shared/money.ts";
import { AWAITING_PAYMENT, PAYMENT_CONFIRMED } from "../../shared/orders.ts";
import { formatDateTime } from "../lib/format.ts";
import { useRealtime } from "../layout/realtime-context.tsx";
import { OwnerNumbers } from "./owner-numbers.tsx";

function StatCard({ label, value, to, testId }: { label: string; value: string; to: string; testId: string }) {
  return (
    <Card sx={{ flex: "1 1 200px" }}>
      <CardContent>
        <Typography color="text.secondary" variant="body2">
          {label}
        </Typography>
        <Link component={RouterLink} to={to} underline="none" color="inherit">
          <Typography variant="h4" data-testid={testId}>
            {value}
          </Typography>
        </Link>
      </CardContent>
    </Card>
  );
}

type LatestOrder = Awaited<ReturnType<ConsoleDataProvider["getDashboard"]>>["latestOrders"][number];

/** The latest orders: a table on a wide screen, one line per order on a phone (nothing to scroll sideways). */
function LatestOrders({ orders }: { orders: readonly LatestOrder[] }) {
  const translate = useTranslate();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down("md"));
  if (phone)
    return (
      <List dense disablePadding data-testid="latest-orders">
        {orders.map((o) => (
          <ListItemButton key={o.id} component={RouterLink} to={`/orders/${o.id}/show`} divider sx={{ px: 0 }}>
            <ListItemText
              primary={`#${o.shortId} · ${o.customerName}`}
              secondary={
                <>
                  <StatusChip status={o.status} /> {formatDateTime(o.createdAt)}
                </>
              }
              slotProps={{ secondary: { component: "span" } }}
            />
            <Typography variant="body2" sx={{ whiteSpace: "nowrap", ml: 1 }}>
              {formatKz(o.totalAmount)}
            </Typography>
          </ListItemButton>
        ))}
      </List>
    );
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{translate("resources.orders.fields.shortId")}</TableCell>
          <TableCell>{translate("resources.orders.fields.customer")}</TableCell>
          <TableCell>{translate("resources.orders.fields.status")}</TableCell>
          <TableCell align="right">{translate("resources.orders.fields.totalAmount")}</TableCell>
          <TableCell>{translate("resources.orders.fields.createdAt")}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {orders.map((o) => (
          <TableRow key={o.id} hover>
            <TableCell>
              <Link component={RouterLink} to={`/orders/${o.id}/show`}>
                #{o.shortId}
              </Link>
            </TableCell>
            <TableCell>{o.customerName}</TableCell>
            <TableCell>
              <StatusChip status={o.status} />
            </TableCell>
            <TableCell align="right">{formatKz(o.totalAmount)}</TableCell>
            <TableCell>{formatDateTime(o.createdAt)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

const ordersWithStatusPath = (status: string) => `/orders?filter=${encodeURIComponent(JSON.stringify({ status }))}`;

export function Dashboard() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { unreadCount, connected } = useRealtime();
  const { data, isPending, error } = useQuery({
    queryKey: ["dashboard"],
    queryFn: () => dataProvider.getDashboard(),
    refetchInterval: 60_000,
  });

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate("loja.dashboard.title")} />
      {isPending && <Loading />}
      {error && <Typography color="error">{error.message}</Typography>}
      {data && (
        <>
          <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, mb: 2 }}>
            <StatCard
              testId="stat-awaiting"
              label={translate("loja.dashboard.awaiting_payment")}
              value={String(data.awaitingPayment)}
              to={ordersWithStatusPath(AWAITING_PAYMENT)}
            />
            <StatCard
              testId="stat-to-ship"
              label={translate("loja.dashboard.to_ship")}
              value={String(data.toShip)}
              to={ordersWithStatusPath(PAYMENT_CONFIRMED)}
            />
            <StatCard
              testId="stat-unread"
              label={translate("loja.dashboard.unread_conversations")}
              value={String(connected ? unreadCount : data.unreadConversations)}
              to={`/conversations?filter=${encodeURIComponent(JSON.stringify({ unread: true }))}`}
            />
            <StatCard
              testId="stat-unconfirmed"
              label={translate("loja.dashboard.unconfirmed_payments")}
              value={String(data.unconfirmedPayments)}
              to={`/payments?filter=${encodeURIComponent(JSON.stringify({ unconfirmed: true }))}`}
            />
            <StatCard
              testId="stat-revenue"
              label={translate("loja.dashboard.revenue_month")}
              value={formatKz(data.revenueMonth)}
              to="/orders"
            />
          </Box>
          <OwnerNumbers />
          <Card>
            <CardContent>
              <Typography variant="h6" gutterBottom>
                {translate("loja.dashboard.latest_orders")}
              </Typography>
              {data.latestOrders.length === 0 ? (
                <Typography color="text.secondary">{translate("loja.dashboard.no_orders")}</Typography>
              ) : (
                <LatestOrders orders={data.latestOrders} />
              )}
              <Box sx={{ mt: 1 }}>
                <Link component={RouterLink} to="/orders">
                  {translate("loja.dashboard.see_all")}
                </Link>
              </Box>
            </CardContent>
          </Card>
        </>
      )}
    </Box>
  );
}
