// Importing a bank statement: pick the bank's CSV or XLSX export, see what it gave (new lines, recorded on their
// orders, waiting, already imported, not credits) and how it was read (its columns, and the column mapping used, if
// any). When the bank's columns are not recognised, the admin says which is which once (the server remembers it for
// that bank's header) and the file is sent again; the mappings kept are listed under "Correspondências de colunas".
import { useRef, useState } from "react";
import { HttpError, useDataProvider, useRefresh, useTranslate } from "react-admin";
import { Link as RouterLink } from "react-router-dom";
import { Alert, Box, Button, Typography } from "@mui/material";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import type { StatementImportReply, StatementMappingNeededReply } from "../../server/schemas/admin-bank-statements.ts";
import type { StatementMapping } from "../../shared/bank-statements.ts";
import type { ConsoleDataProvider } from "../data-provider.ts";
import { MappingDialog, type MappingQuestion } from "./mapping-dialog.tsx";
import { ColumnsRead } from "./columns-read.tsx";

/** The server's 422 that asks for the columns, read out of the client's error. */
function mappingQuestionOf(error: unknown, file: File): MappingQuestion | null {
  if (!(error instanceof HttpError) || error.status !== 422) return null;
  const body = error.body as StatementMappingNeededReply | undefined;
  if (!body?.needsMapping || body.headerRow === undefined || !body.columns) return null;
  return { file, message: body.message, headerRow: body.headerRow, columns: body.columns, sample: body.sample ?? [] };
}

export function StatementUpload() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const refresh = useRefresh();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<StatementImportReply | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [question, setQuestion] = useState<MappingQuestion | null>(null);

  const send = async (file: File, mapping?: StatementMapping): Promise<string | null> => {
    setBusy(true);
    setError(null);
    try {
      setResult(await dataProvider.importStatement(file, mapping));
      setQuestion(null);
      refresh();
      return null;
    } catch (e) {
      const asked = mapping ? null : mappingQuestionOf(e, file);
      if (asked) {
        setResult(null);
        setQuestion(asked);
        return null;
      }
      const message = e instanceof Error && e.message ? e.message : translate("loja.statements.failed");
      if (!mapping) setError(message);
      return message;
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ px: { xs: 1, sm: 2 }, pt: 2 }} data-testid="statement-upload">
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "center" }}>
        <Button variant="contained" startIcon={<UploadFileIcon />} disabled={busy} onClick={() => input.current?.click()}>
          {busy ? translate("loja.statements.importing") : translate("loja.statements.import")}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {translate("loja.statements.import_help")}
        </Typography>
        <Button component={RouterLink} to="/bank-statement-mappings" size="small" data-testid="statement-mappings-link">
          {translate("loja.statements.mappings")}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          data-testid="statement-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = "";
            if (file) void send(file);
          }}
        />
      </Box>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }} data-testid="statement-error">
          {error}
        </Alert>
      )}
      {result && (
        <Alert severity={result.unmatched > 0 ? "warning" : "success"} sx={{ mt: 1 }} data-testid="statement-result">
          <Typography variant="body2" component="div">
            {translate("loja.statements.result", {
              imported: result.imported,
              matched: result.matched,
              unmatched: result.unmatched,
              duplicates: result.duplicates,
              ignored: result.ignored,
            })}
          </Typography>
          <ColumnsRead columns={result.columns} />
        </Alert>
      )}
      {question && (
        <MappingDialog
          question={question}
          busy={busy}
          onClose={() => setQuestion(null)}
          onSubmit={(mapping) => send(question.file, mapping)}
        />
      )}
    </Box>
  );
}
