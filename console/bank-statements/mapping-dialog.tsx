// "Which column is which": shown when a bank's export names its columns otherwise. The admin picks the date,
// description, credit and (optionally) reference columns among the file's header, with a few rows to check against.
import { useState, type FormEvent } from "react";
import { useTranslate } from "react-admin";
import { Box, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from "@mui/material";
import { FormDialog } from "../components/form-dialog.tsx";
import { STATEMENT_COLUMNS, type StatementColumn, type StatementMapping } from "../../shared/bank-statements.ts";

/** What the server asked (its 422): the likeliest header row, its cells and a few rows below, for this file. */
export interface MappingQuestion {
  file: File;
  message: string;
  headerRow: number;
  columns: string[];
  sample: string[][];
}

type Choice = Record<StatementColumn, string>;

/** The mapping chosen, or the reason it cannot be sent (a required column missing, one column used twice). */
export function mappingOf(choice: Choice, headerRow: number): StatementMapping | "missing" | "repeated" {
  if (choice.date === "" || choice.description === "" || choice.amount === "") return "missing";
  const used = STATEMENT_COLUMNS.map((c) => choice[c]).filter((v) => v !== "");
  if (new Set(used).size !== used.length) return "repeated";
  return {
    headerRow,
    date: Number(choice.date),
    description: Number(choice.description),
    amount: Number(choice.amount),
    reference: choice.reference === "" ? null : Number(choice.reference),
  };
}

export function MappingDialog({
  question,
  busy,
  onClose,
  onSubmit,
}: {
  question: MappingQuestion;
  busy: boolean;
  onClose(): void;
  /** Resolves to the server's refusal, or null once imported. */
  onSubmit(mapping: StatementMapping): Promise<string | null>;
}) {
  const translate = useTranslate();
  const [choice, setChoice] = useState<Choice>({ date: "", description: "", amount: "", reference: "" });
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const mapping = mappingOf(choice, question.headerRow);
    if (mapping === "missing" || mapping === "repeated") {
      setError(translate(`loja.statements.mapping_${mapping}`));
      return;
    }
    setError(await onSubmit(mapping));
  };

  const columnName = (i: number) => question.columns[i] || translate("loja.statements.column_n", { n: i + 1 });

  return (
    <FormDialog
      title={translate("loja.statements.mapping_title")}
      intro={
        <>
          <Typography variant="body2">{question.message}</Typography>
          <Typography variant="body2" color="text.secondary">
            {translate("loja.statements.mapping_help")}
          </Typography>
        </>
      }
      error={error}
      busy={busy}
      submitLabel={translate("loja.statements.mapping_submit")}
      maxWidth="sm"
      testId="mapping-dialog"
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
    >
      {STATEMENT_COLUMNS.map((role) => (
        <TextField
          key={role}
          select
          size="small"
          label={translate(`loja.statements.column.${role}`)}
          value={choice[role]}
          onChange={(e) => setChoice((c) => ({ ...c, [role]: e.target.value }))}
          slotProps={{ htmlInput: { "data-testid": `mapping-${role}` } }}
        >
          {role === "reference" && <MenuItem value="">{translate("loja.statements.no_column")}</MenuItem>}
          {question.columns.map((_, i) => (
            <MenuItem key={i} value={String(i)}>
              {columnName(i)}
            </MenuItem>
          ))}
        </TextField>
      ))}
      {question.sample.length > 0 && (
        <Box sx={{ overflowX: "auto" }}>
          <Typography variant="caption" color="text.secondary">
            {translate("loja.statements.mapping_sample")}
          </Typography>
          <Table size="small">
            <TableHead>
              <TableRow>
                {question.columns.map((_, i) => (
                  <TableCell key={i}>{columnName(i)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {question.sample.map((row, r) => (
                <TableRow key={r}>
                  {question.columns.map((_, i) => (
                    <TableCell key={i}>{row[i] ?? ""}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </FormDialog>
  );
}
