// The order's fiscal documents on its page (docs/product/fiscal-documents.md#the-console): the buyer's NIF, each
// document's type, state, number and PDF, "Tentar de novo" for one that failed, and, for admins, the form that
// attaches a document issued in the AGT portal (type, number, PDF).
import { useState, type FormEvent } from "react";
import { useDataProvider, usePermissions, useRecordContext, useRefresh, useNotify, useTranslate } from "react-admin";
import { Button, Link, MenuItem, Stack, TextField, Typography } from "@mui/material";
import type { AdminOrder } from "../../server/schemas/admin-orders.ts";
import type { AdminFiscalDocument } from "../../server/schemas/fiscal.ts";
import { FISCAL_TYPE_LABELS, MAX_FISCAL_PDF_BYTES } from "../../shared/fiscal.ts";
import { FormDialog } from "../components/form-dialog.tsx";
import { FiscalStatusChip, RetryFiscalButton } from "../fiscal-documents/fiscal-document-list.tsx";
import type { ConsoleDataProvider } from "../data-provider.ts";

export function OrderFiscalDocuments() {
  const order = useRecordContext<AdminOrder>();
  const translate = useTranslate();
  const { permissions } = usePermissions<string>();
  const [attaching, setAttaching] = useState(false);
  if (!order) return null;
  return (
    <Stack spacing={1} data-testid="order-fiscal-documents">
      <Typography>
        {translate("loja.fiscal.nif")}: {order.nif ?? translate("loja.fiscal.consumer")}
      </Typography>
      {order.fiscalDocuments.length === 0 && <Typography color="text.secondary">{translate("loja.fiscal.none")}</Typography>}
      {order.fiscalDocuments.map((d) => (
        <Stack key={d.id} direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
          <Typography>{FISCAL_TYPE_LABELS[d.type]}</Typography>
          <FiscalStatusChip status={d.status} />
          {d.number &&
            (d.url ? (
              <Link href={d.url} target="_blank" rel="noopener">
                {d.number}
              </Link>
            ) : (
              <Typography>{d.number}</Typography>
            ))}
          <RetryFiscalButton document={{ ...d, source: "provider" } as AdminFiscalDocument} />
        </Stack>
      ))}
      {permissions === "admin" && (
        <div>
          <Button size="small" variant="outlined" onClick={() => setAttaching(true)}>
            {translate("loja.fiscal.attach")}
          </Button>
        </div>
      )}
      {attaching && <AttachDialog orderId={order.id} onClose={() => setAttaching(false)} />}
    </Stack>
  );
}

function AttachDialog({ orderId, onClose }: { orderId: string; onClose(): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [type, setType] = useState<"FR" | "NC">("FR");
  const [number, setNumber] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!number.trim()) return setError(translate("loja.fiscal.number_required"));
    if (!file) return setError(translate("loja.fiscal.file_required"));
    if (file.size > MAX_FISCAL_PDF_BYTES) return setError(translate("loja.fiscal.file_too_large"));
    setBusy(true);
    setError(null);
    try {
      await dataProvider.attachFiscalDocument(orderId, type, number.trim(), file);
      notify("loja.fiscal.attached", { type: "success" });
      refresh();
      onClose();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog
      title={translate("loja.fiscal.attach")}
      intro={<Typography color="text.secondary">{translate("loja.fiscal.attach_help")}</Typography>}
      error={error}
      busy={busy}
      submitLabel={translate("loja.fiscal.attach_submit")}
      testId="fiscal-attach-dialog"
      onClose={onClose}
      onSubmit={(e) => void onSubmit(e)}
    >
      <TextField select label={translate("loja.fiscal.type")} value={type} onChange={(e) => setType(e.target.value as "FR" | "NC")}>
        <MenuItem value="FR">{FISCAL_TYPE_LABELS.FR}</MenuItem>
        <MenuItem value="NC">{FISCAL_TYPE_LABELS.NC}</MenuItem>
      </TextField>
      <TextField
        label={translate("loja.fiscal.number")}
        value={number}
        onChange={(e) => setNumber(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 60 } }}
      />
      <Button variant="outlined" component="label">
        {file ? file.name : translate("loja.fiscal.choose_pdf")}
        <input
          hidden
          type="file"
          accept="application/pdf"
          aria-label={translate("loja.fiscal.choose_pdf")}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </Button>
    </FormDialog>
  );
}
