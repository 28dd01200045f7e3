// The accountant's CSV exports on the owner's numbers (docs/product/console.md#exports): orders and payments over a
// range of Luanda days, which starts as the chosen period's and can be changed. Admins only (the server refuses
// support with 403; the buttons are not shown to them).
import { useState } from "react";
import { useCanAccess, useDataProvider, useNotify, useTranslate } from "react-admin";
import { Box, Button, TextField, Typography } from "@mui/material";
import DownloadIcon from "@mui/icons-material/Download";
import type { ConsoleDataProvider } from "../data-provider.ts";
import { luandaIsoDay, reportFileName, type ReportKind } from "../../shared/dashboard.ts";
import { saveBlob } from "../../shared/save-file.ts";

/** `from`: the period's first instant (the numbers' `from`); the range ends today, both in Luanda days. */
export function ReportExports({ from }: { from: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { canAccess } = useCanAccess({ resource: "reports", action: "export" });
  const [range, setRange] = useState({ from: luandaIsoDay(new Date(from)), to: luandaIsoDay(new Date()) });
  const [busy, setBusy] = useState<ReportKind | null>(null);
  if (!canAccess) return null;

  const download = async (kind: ReportKind) => {
    setBusy(kind);
    try {
      const blob = await dataProvider.downloadReport(kind, range.from, range.to);
      saveBlob(blob, reportFileName(kind, range.from, range.to));
    } catch (error) {
      notify("loja.dashboard.export_failed", { type: "error", messageArgs: { message: (error as Error).message } });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Box sx={{ mt: 2 }} data-testid="report-exports">
      <Typography variant="subtitle1">{translate("loja.dashboard.exports")}</Typography>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "center", mt: 1 }}>
        {(["from", "to"] as const).map((end) => (
          <TextField
            key={end}
            type="date"
            size="small"
            label={translate(`loja.dashboard.export_${end}`)}
            value={range[end]}
            onChange={(e) => setRange((r) => ({ ...r, [end]: e.target.value }))}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { "data-testid": `export-${end}` } }}
          />
        ))}
        {(["orders", "payments"] as const).map((kind) => (
          <Button
            key={kind}
            variant="outlined"
            size="small"
            startIcon={<DownloadIcon />}
            disabled={busy !== null || !range.from || !range.to}
            onClick={() => void download(kind)}
            data-testid={`export-${kind}`}
          >
            {translate(`loja.dashboard.export_${kind}`)}
          </Button>
        ))}
      </Box>
    </Box>
  );
}
