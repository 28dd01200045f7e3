// Staff's internal notes on an order, on the order page and beside its conversation: only the team sees them.
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { useDataProvider, useNotify, useTranslate } from "react-admin";
import { Box, Button, TextField, Typography } from "@mui/material";
import type { AdminOrderNote } from "../../server/schemas/admin-support.ts";
import { MAX_NOTE_TEXT } from "../../shared/support.ts";
import type { ConsoleDataProvider } from "../data-provider.ts";
import { formatDateTime } from "../lib/format.ts";

export function OrderNotes({ orderId }: { orderId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [notes, setNotes] = useState<AdminOrderNote[] | null>(null);
  const [text, setText] = useState("");
  const [saving, setSaving] = useState(false);

  const load = useCallback(() => {
    dataProvider.getNotes(orderId).then(setNotes, () => setNotes([]));
  }, [dataProvider, orderId]);
  useEffect(load, [load]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving || !text.trim()) return;
    setSaving(true);
    try {
      const note = await dataProvider.addNote(orderId, text.trim());
      setNotes((prev) => [...(prev ?? []), note]);
      setText("");
    } catch (err) {
      notify(err instanceof Error && err.message ? err.message : translate("loja.notes.failed"), { type: "error" });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box data-testid="order-notes">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate("loja.notes.hint")}
      </Typography>
      {notes?.length === 0 && <Typography color="text.secondary">{translate("loja.notes.empty")}</Typography>}
      <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0 }}>
        {notes?.map((n) => (
          <Box component="li" key={n.id} data-testid="order-note" sx={{ mb: 1, p: 1, background: "#fff8e1", borderRadius: 1 }}>
            <Typography variant="caption" color="text.secondary" component="div">
              {n.author?.name ?? translate("loja.common.system")} · {formatDateTime(n.createdAt)}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
              {n.text}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box component="form" onSubmit={submit} sx={{ display: "flex", flexDirection: "column", gap: 1, mt: 1 }}>
        <TextField
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={translate("loja.notes.placeholder")}
          slotProps={{ htmlInput: { maxLength: MAX_NOTE_TEXT, "aria-label": translate("loja.notes.placeholder") } }}
          multiline
          minRows={2}
          size="small"
          fullWidth
        />
        <Button type="submit" variant="outlined" size="small" disabled={saving || !text.trim()} sx={{ alignSelf: "flex-start" }}>
          {translate("loja.notes.add")}
        </Button>
      </Box>
    </Box>
  );
}
