import {
  BooleanField,
  Datagrid,
  EmailField,
  FunctionField,
  NumberField,
  Pagination,
  ReferenceManyField,
  Show,
  SimpleShowLayout,
  TextField,
  useTranslate,
} from "react-admin";
import { Typography } from "@mui/material";
import type { AdminOrder } from "../../server/schemas/admin-orders.ts";
import { StatusChip } from "../components/status-chip.tsx";
import { AmountField } from "../components/amount-field.tsx";
import { ShopDateField } from "../components/date-field.tsx";

function CustomerOrders() {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="h6" sx={{ mt: 2 }}>
        {translate("loja.customers.orders")}
      </Typography>
      <ReferenceManyField
        reference="orders"
        target="customerId"
        sort={{ field: "createdAt", order: "DESC" }}
        perPage={10}
        pagination={<Pagination />}
      >
        <Datagrid
          rowClick="show"
          bulkActionButtons={false}
          empty={<Typography color="text.secondary">{translate("loja.customers.no_orders")}</Typography>}
        >
          <FunctionField<AdminOrder> source="shortId" label="resources.orders.fields.shortId" render={(o) => `#${o.shortId}`} />
          <ShopDateField source="createdAt" label="resources.orders.fields.createdAt" showTime />
          <FunctionField<AdminOrder>
            source="status"
            label="resources.orders.fields.status"
            render={(o) => <StatusChip status={o.status} />}
          />
          <AmountField source="totalAmount" label="resources.orders.fields.totalAmount" />
        </Datagrid>
      </ReferenceManyField>
    </>
  );
}

export function CustomerShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="name" />
        <EmailField source="email" emptyText="—" />
        <TextField source="phone" emptyText="—" />
        <BooleanField source="active" />
        <NumberField source="orderCount" />
        <AmountField source="totalSpent" />
        <ShopDateField source="createdAt" showTime />
        <CustomerOrders />
      </SimpleShowLayout>
    </Show>
  );
}
