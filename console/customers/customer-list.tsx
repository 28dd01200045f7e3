import { BooleanField, Datagrid, EmailField, List, NumberField, SimpleList, TextField } from "react-admin";
import { useMediaQuery, type Theme } from "@mui/material";
import { formatKz } from "../../shared/money.ts";
import type { AdminCustomer } from "../../server/schemas/admin-customers.ts";
import { HeldSearchInput } from "../components/held-search-input.tsx";
import { AmountField } from "../components/amount-field.tsx";
import { customerExporter } from "./export.ts";
import { ShopDateField } from "../components/date-field.tsx";

const filters = [<HeldSearchInput key="q" source="q" alwaysOn />];

/** On a phone: one line per customer (name, e-mail or phone, orders and money), no table to scroll sideways. */
function PhoneCustomers() {
  return (
    <SimpleList<AdminCustomer>
      linkType="show"
      primaryText={(c) => c.name}
      secondaryText={(c) => [c.email, c.phone].filter(Boolean).join(" · ")}
      tertiaryText={(c) => `${c.orderCount} · ${formatKz(c.totalSpent)}`}
    />
  );
}

export function CustomerList() {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down("md"));
  return (
    <List filters={filters} sort={{ field: "createdAt", order: "DESC" }} perPage={25} exporter={customerExporter}>
      {phone ? (
        <PhoneCustomers />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="name" />
          <EmailField source="email" />
          <TextField source="phone" />
          <NumberField source="orderCount" sortable={false} />
          <AmountField source="totalSpent" sortable={false} />
          <BooleanField source="active" />
          <ShopDateField source="createdAt" />
        </Datagrid>
      )}
    </List>
  );
}
