import { Datagrid, FunctionField, List, NumberField, SimpleList, TextField, useTranslate } from "react-admin";
import { Badge, Box, useMediaQuery, type Theme } from "@mui/material";
import { ListTabs } from "../components/list-tabs.tsx";
import { formatKz } from "../../shared/money.ts";
import { formatDateTime } from "../lib/format.ts";
import type { AdminOrder } from "../../server/schemas/admin-orders.ts";
import { ORDER_STATUSES } from "../../shared/orders.ts";
import { PaymentMethodLabel } from "../components/payment-method-label.tsx";
import { StatusChip } from "../components/status-chip.tsx";
import { OrderPaymentChip } from "../components/payment-state-chip.tsx";
import { HeldSearchInput } from "../components/held-search-input.tsx";
import { AmountField } from "../components/amount-field.tsx";
import { orderExporter } from "./export.ts";
import { ShopDateField } from "../components/date-field.tsx";

const filters = [<HeldSearchInput key="q" source="q" alwaysOn />];

function StatusTabs() {
  const translate = useTranslate();
  const tabs = [
    { value: "all", label: translate("loja.status.all") },
    ...ORDER_STATUSES.map((s) => ({ value: s, label: translate(`loja.status.${s}`) })),
  ];
  return (
    <ListTabs
      tabs={tabs}
      current={(f) => (typeof f.status === "string" ? f.status : "all")}
      select={({ status: _old, ...rest }, value) => (value === "all" ? rest : { ...rest, status: value })}
    />
  );
}

/** On a phone: one line per order (id, customer, status, its money, total), no table to scroll sideways. */
function PhoneOrders() {
  return (
    <SimpleList<AdminOrder>
      linkType="show"
      primaryText={(o) => `#${o.shortId} · ${o.customer.name}`}
      secondaryText={(o) => (
        <>
          {o.status} · {formatDateTime(o.createdAt)}
          <Box component="span" sx={{ display: "block", mt: 0.5 }}>
            <OrderPaymentChip order={o} />
          </Box>
        </>
      )}
      tertiaryText={(o) => (o.unread > 0 ? <Badge color="error" badgeContent={o.unread} sx={{ mr: 1 }} /> : formatKz(o.totalAmount))}
    />
  );
}

function OrderGrid() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down("md"));
  return (
    <>
      <StatusTabs />
      {small ? (
        <PhoneOrders />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <FunctionField<AdminOrder> source="shortId" render={(o) => `#${o.shortId}`} />
          <ShopDateField source="createdAt" showTime />
          <TextField source="customer.name" sortable={false} />
          <FunctionField<AdminOrder> source="status" render={(o) => <StatusChip status={o.status} />} />
          <FunctionField<AdminOrder> source="paymentState" sortable={false} render={(o) => <OrderPaymentChip order={o} />} />
          <FunctionField<AdminOrder>
            source="paymentMethod"
            sortable={false}
            render={(o) => <PaymentMethodLabel method={o.paymentMethod} />}
          />
          <NumberField source="itemCount" sortable={false} />
          <AmountField source="totalAmount" />
          <FunctionField<AdminOrder>
            source="unread"
            sortable={false}
            render={(o) => (o.unread > 0 ? <Badge color="error" badgeContent={o.unread} /> : null)}
          />
        </Datagrid>
      )}
    </>
  );
}

export function OrderList() {
  return (
    <List filters={filters} sort={{ field: "createdAt", order: "DESC" }} perPage={25} exporter={orderExporter}>
      <OrderGrid />
    </List>
  );
}
