import { BooleanField, Datagrid, DateField, EmailField, List, NumberField, SearchInput, TextField } from "react-admin";
import { AmountField } from "../components/amount-field.tsx";

const filters = [<SearchInput key="q" source="q" alwaysOn />];

export function CustomerList() {
  return (
    <List filters={filters} sort={{ field: "createdAt", order: "DESC" }} perPage={25}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="name" />
        <EmailField source="email" />
        <TextField source="phone" />
        <NumberField source="orderCount" sortable={false} />
        <AmountField source="totalSpent" sortable={false} />
        <BooleanField source="active" />
        <DateField source="createdAt" locales="pt-PT" />
      </Datagrid>
    </List>
  );
}
