// The payments staff recorded (by hand, from a proof) that no statement line has confirmed after N days
// (docs/product/console.md#extrato): downloaded as CSV like the accountant's exports, for the admin to chase.
import { useState } from "react";
import { useDataProvider, useNotify, useTranslate } from "react-admin";
import { Box, Button, TextField, Typography } from "@mui/material";
import DownloadIcon from "@mui/icons-material/Download";
import { DEFAULT_UNLINKED_DAYS, MAX_UNLINKED_DAYS } from "../../shared/bank-statements.ts";
import { luandaIsoDay } from "../../shared/dashboard.ts";
import { saveBlob } from "../../shared/save-file.ts";
import type { ConsoleDataProvider } from "../data-provider.ts";

export function UnlinkedReport() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [days, setDays] = useState(String(DEFAULT_UNLINKED_DAYS));
  const [busy, setBusy] = useState(false);
  const n = Number(days);
  const valid = Number.isInteger(n) && n >= 1 && n <= MAX_UNLINKED_DAYS;

  const download = async () => {
    setBusy(true);
    try {
      const blob = await dataProvider.downloadUnlinkedPayments(n);
      saveBlob(blob, `pagamentos-sem-extrato-${n}-dias-${luandaIsoDay(new Date())}.csv`);
    } catch (error) {
      notify("loja.statements.unlinked_failed", { type: "error", messageArgs: { message: (error as Error).message } });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ px: { xs: 1, sm: 2 }, pt: 2 }} data-testid="unlinked-report">
      <Typography variant="subtitle2">{translate("loja.statements.unlinked_report")}</Typography>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "center", mt: 0.5 }}>
        <Typography variant="body2" color="text.secondary">
          {translate("loja.statements.unlinked_help")}
        </Typography>
        <TextField
          size="small"
          type="number"
          label={translate("loja.statements.unlinked_days")}
          value={days}
          onChange={(e) => setDays(e.target.value)}
          error={!valid}
          sx={{ width: 100 }}
          slotProps={{ htmlInput: { min: 1, max: MAX_UNLINKED_DAYS, step: 1, "data-testid": "unlinked-days" } }}
        />
        <Button
          variant="outlined"
          size="small"
          startIcon={<DownloadIcon />}
          disabled={busy || !valid}
          onClick={() => void download()}
          data-testid="unlinked-download"
        >
          {translate("loja.statements.unlinked_download")}
        </Button>
      </Box>
    </Box>
  );
}
