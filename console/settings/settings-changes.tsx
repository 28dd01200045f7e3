import { useRecordContext, useTranslate } from "react-admin";
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import type { AdminSettings } from "../../server/schemas/admin-settings.ts";
import { formatDateTime } from "../lib/format.ts";

/** Who changed what in the settings, newest first (before → after): the bank details' audit trail. */
export function SettingsChanges() {
  const record = useRecordContext<AdminSettings>();
  const translate = useTranslate();
  const changes = record?.changes ?? [];
  return (
    <Box sx={{ p: 2 }} data-testid="settings-changes">
      <Typography variant="h6" gutterBottom>
        {translate("loja.settings.changes")}
      </Typography>
      {changes.length === 0 ? (
        <Typography color="text.secondary">{translate("loja.settings.no_changes")}</Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate("loja.settings.change_field")}</TableCell>
              <TableCell>{translate("loja.settings.change_values")}</TableCell>
              <TableCell>{translate("loja.settings.change_by")}</TableCell>
              <TableCell>{translate("loja.settings.change_at")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {changes.map((c, i) => (
              <TableRow key={`${c.at}-${c.field}-${i}`}>
                <TableCell>{translate(`resources.settings.fields.${c.field}`, { _: c.field })}</TableCell>
                <TableCell sx={{ wordBreak: "break-word" }}>
                  {c.before ?? "—"} → {c.after ?? "—"}
                </TableCell>
                <TableCell>{c.by ? (c.by.email ? `${c.by.name} (${c.by.email})` : c.by.name) : translate("loja.common.system")}</TableCell>
                <TableCell>{formatDateTime(c.at)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
