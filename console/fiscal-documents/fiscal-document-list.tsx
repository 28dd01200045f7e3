// "Documentos fiscais" (docs/product/fiscal-documents.md#the-console): every fiscal document with its state, order
// and number, newest first; one still not issued 24 h after it was asked for is marked "Atrasado"; admins try a
// failed or rejected one again.
import {
  Datagrid,
  FunctionField,
  List,
  SelectInput,
  TextField,
  useDataProvider,
  useNotify,
  usePermissions,
  useRefresh,
  useTranslate,
} from "react-admin";
import { Button, Chip, Link, Stack } from "@mui/material";
import { Link as RouterLink } from "react-router-dom";
import type { AdminFiscalDocument } from "../../server/schemas/fiscal.ts";
import { FISCAL_DOCUMENT_STATUSES, type FiscalDocumentStatus } from "../../shared/fiscal.ts";
import { shortOrderId } from "../../shared/orders.ts";
import { formatKz } from "../../shared/money.ts";
import type { ConsoleDataProvider } from "../data-provider.ts";
import { ShopDateField } from "../components/date-field.tsx";

const TONE = { pending: "warning", issued: "success", rejected: "error", failed: "error" } as const;

export function FiscalStatusChip({ status, overdue }: { status: FiscalDocumentStatus; overdue?: boolean }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={0.5}>
      <Chip size="small" color={TONE[status]} label={translate(`loja.fiscal.status.${status}`)} />
      {overdue && <Chip size="small" color="error" variant="outlined" label={translate("loja.fiscal.overdue")} />}
    </Stack>
  );
}

export function RetryFiscalButton({ document }: { document: AdminFiscalDocument }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { permissions } = usePermissions<string>();
  if (permissions !== "admin" || document.source !== "provider" || (document.status !== "failed" && document.status !== "rejected"))
    return null;
  const retry = () =>
    dataProvider.retryFiscalDocument(document.id).then(
      () => {
        notify("loja.fiscal.retried", { type: "success" });
        refresh();
      },
      (error: Error) => notify(error.message, { type: "error" }),
    );
  return (
    <Button size="small" variant="outlined" onClick={() => void retry()}>
      {translate("loja.fiscal.retry")}
    </Button>
  );
}

const filters = [
  <SelectInput
    key="status"
    source="status"
    choices={FISCAL_DOCUMENT_STATUSES.map((id) => ({ id, name: `loja.fiscal.status.${id}` }))}
    alwaysOn
  />,
];

export function FiscalDocumentList() {
  return (
    <List filters={filters} sort={{ field: "createdAt", order: "DESC" }} perPage={25} exporter={false}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <ShopDateField source="createdAt" showTime />
        <TextField source="type" sortable={false} />
        <FunctionField<AdminFiscalDocument>
          source="status"
          sortable={false}
          render={(d) => <FiscalStatusChip status={d.status} overdue={d.overdue} />}
        />
        <FunctionField<AdminFiscalDocument>
          source="orderId"
          sortable={false}
          render={(d) => (
            <Link component={RouterLink} to={`/orders/${encodeURIComponent(d.orderId)}/show`}>
              #{shortOrderId(d.orderId)}
            </Link>
          )}
        />
        <FunctionField<AdminFiscalDocument>
          source="number"
          sortable={false}
          render={(d) =>
            d.number && d.url ? (
              <Link href={d.url} target="_blank" rel="noopener">
                {d.number}
              </Link>
            ) : (
              (d.number ?? "—")
            )
          }
        />
        <TextField source="customerTaxID" sortable={false} />
        <FunctionField<AdminFiscalDocument> source="amount" sortable={false} render={(d) => formatKz(d.amount)} />
        <FunctionField<AdminFiscalDocument> source="lastError" sortable={false} render={(d) => d.lastError ?? ""} />
        <FunctionField<AdminFiscalDocument> label="" render={(d) => <RetryFiscalButton document={d} />} />
      </Datagrid>
    </List>
  );
}
