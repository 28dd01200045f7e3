// "Devoluções" (docs/product/returns.md#staff): every return and exchange shoppers asked for, newest first, with tabs
// per status; one line per return on a phone.
import { Datagrid, FunctionField, List, NumberField, SimpleList, TextField, useTranslate } from "react-admin";
import { useMediaQuery, type Theme } from "@mui/material";
import type { AdminReturn } from "../../server/schemas/returns.ts";
import { RETURN_RESOLUTION_LABELS, RETURN_STATUSES } from "../../shared/returns.ts";
import { ListTabs } from "../components/list-tabs.tsx";
import { HeldSearchInput } from "../components/held-search-input.tsx";
import { formatDateTime } from "../lib/format.ts";
import { ReturnStatusChip } from "./return-status-chip.tsx";
import { ShopDateField } from "../components/date-field.tsx";

const filters = [<HeldSearchInput key="q" source="q" alwaysOn />];

function StatusTabs() {
  const translate = useTranslate();
  const tabs = [{ value: "all", label: translate("loja.status.all") }, ...RETURN_STATUSES.map((s) => ({ value: s, label: s }))];
  return (
    <ListTabs
      tabs={tabs}
      current={(f) => (typeof f.status === "string" ? f.status : "all")}
      select={({ status: _old, ...rest }, value) => (value === "all" ? rest : { ...rest, status: value })}
    />
  );
}

const what = (r: AdminReturn) =>
  r.resolution === "exchange" ? `${RETURN_RESOLUTION_LABELS.exchange} → ${r.exchangeSize}` : RETURN_RESOLUTION_LABELS.refund;

function ReturnGrid() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down("md"));
  return (
    <>
      <StatusTabs />
      {small ? (
        <SimpleList<AdminReturn>
          linkType="show"
          primaryText={(r) => `#${r.shortOrderId} · ${r.customer.name}`}
          secondaryText={(r) => `${r.status} · ${what(r)} · ${formatDateTime(r.createdAt)}`}
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <ShopDateField source="createdAt" showTime />
          <FunctionField<AdminReturn> source="orderId" sortable={false} render={(r) => `#${r.shortOrderId}`} />
          <TextField source="customer.name" sortable={false} />
          <FunctionField<AdminReturn> source="status" render={(r) => <ReturnStatusChip status={r.status} />} />
          <FunctionField<AdminReturn> source="resolution" sortable={false} render={what} />
          <NumberField source="itemCount" sortable={false} />
        </Datagrid>
      )}
    </>
  );
}

export function ReturnList() {
  return (
    <List filters={filters} sort={{ field: "createdAt", order: "DESC" }} perPage={25} exporter={false}>
      <ReturnGrid />
    </List>
  );
}
