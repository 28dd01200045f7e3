// "Correspondências de colunas" (admins): the column mappings saved for banks whose export the shop does not read by
// itself: the header, which column is the date, description, credit and reference, who saved it and when, and
// whether it is ignored (a header the shop recognises by its names). Deleting one asks for the admin's password;
// the next statement with that header asks again which column is which.
import { useState, type FormEvent } from "react";
import { List, useListContext, useNotify, useRefresh, useTranslate, useDataProvider } from "react-admin";
import { Link as RouterLink } from "react-router-dom";
import { Box, Button, Card, CardActions, CardContent, Chip, Stack, TextField, Typography } from "@mui/material";
import type { AdminStatementMapping } from "../../server/schemas/admin-bank-statements.ts";
import type { ConsoleDataProvider } from "../data-provider.ts";
import { FormDialog, useDialogRequest } from "../components/form-dialog.tsx";
import { formatDateTime } from "../lib/format.ts";

function MappingCard({ mapping, onDelete }: { mapping: AdminStatementMapping; onDelete(): void }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" data-testid="statement-mapping">
      <CardContent sx={{ pb: 1 }}>
        <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
          {translate("loja.statements.mapping_header", { header: mapping.headers.filter((h) => h !== "").join(" · ") })}
        </Typography>
        <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
          {translate("loja.statements.mapping_columns", {
            date: mapping.date.name,
            description: mapping.description.name,
            amount: mapping.amount.name,
            reference: mapping.reference?.name ?? translate("loja.statements.no_column"),
          })}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div">
          {translate("loja.statements.mapping_saved", {
            name: mapping.savedBy || translate("loja.statements.unknown_admin"),
            when: formatDateTime(mapping.savedAt),
          })}
        </Typography>
        {mapping.ignored && (
          <Chip size="small" sx={{ mt: 1 }} label={translate("loja.statements.mapping_ignored")} data-testid="mapping-ignored" />
        )}
      </CardContent>
      <CardActions>
        <Button size="small" color="error" onClick={onDelete}>
          {translate("loja.statements.mapping_delete")}
        </Button>
      </CardActions>
    </Card>
  );
}

export function DeleteMappingDialog({ mapping, onClose }: { mapping: AdminStatementMapping; onClose(): void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [password, setPassword] = useState("");
  const { busy, error, setError, send } = useDialogRequest(onClose, translate("loja.statements.mapping_delete_failed"));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) {
      setError(translate("loja.statements.current_password_required"));
      return;
    }
    await send(async () => {
      await dataProvider.deleteStatementMapping(mapping.id, password);
      notify(translate("loja.statements.mapping_deleted"), { type: "success" });
      refresh();
    });
  };

  return (
    <FormDialog
      title={translate("loja.statements.mapping_delete_title")}
      intro={
        <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
          {translate("loja.statements.mapping_delete_help")}
        </Typography>
      }
      error={error}
      busy={busy}
      submitLabel={translate("loja.statements.mapping_delete_submit")}
      submitColor="error"
      testId="delete-mapping-dialog"
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
    >
      <TextField
        autoFocus
        type="password"
        autoComplete="current-password"
        label={translate("loja.statements.current_password")}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        slotProps={{ htmlInput: { "data-testid": "mapping-password" } }}
      />
    </FormDialog>
  );
}

/** The mappings of the current page, for a List context (the resource page, or a test's ListContextProvider). */
export function StatementMappings() {
  const translate = useTranslate();
  const { data, isPending } = useListContext<AdminStatementMapping>();
  const [deleting, setDeleting] = useState<AdminStatementMapping | null>(null);
  if (isPending) return null;
  return (
    <Stack spacing={1} sx={{ p: { xs: 1, sm: 2 } }} data-testid="statement-mappings">
      <Typography variant="body2" color="text.secondary">
        {translate("loja.statements.mappings_help")}
      </Typography>
      {data?.length ? (
        data.map((mapping) => <MappingCard key={mapping.id} mapping={mapping} onDelete={() => setDeleting(mapping)} />)
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
          {translate("loja.statements.mappings_empty")}
        </Typography>
      )}
      {deleting && <DeleteMappingDialog mapping={deleting} onClose={() => setDeleting(null)} />}
    </Stack>
  );
}

export function StatementMappingList() {
  const translate = useTranslate();
  return (
    <List sort={{ field: "savedAt", order: "DESC" }} perPage={25} exporter={false} empty={false}>
      <Box sx={{ px: { xs: 1, sm: 2 }, pt: 2 }}>
        <Button component={RouterLink} to="/bank-statement-lines" size="small">
          {translate("loja.statements.back_to_statement")}
        </Button>
      </Box>
      <StatementMappings />
    </List>
  );
}
