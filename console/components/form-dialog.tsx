import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslate } from "react-admin";
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  useMediaQuery,
  useTheme,
  type ButtonProps,
} from "@mui/material";

/**
 * The frame of every console form in a dialog (payments, proofs, statement lines, column mapping, shipment,
 * exceptional moves): the title, what the form is about (`intro`), the server's refusal above the fields, Cancel and
 * the submit button. Full screen on a phone, where a small dialog would leave the keyboard no room; it cannot be
 * closed while its request is in flight.
 */
export function FormDialog(props: {
  open?: boolean;
  title: ReactNode;
  /** Shown first: what the form acts on, or a warning. */
  intro?: ReactNode;
  /** The server's refusal (or the form's own), shown above the fields. */
  error?: string | null;
  busy: boolean;
  submitLabel: ReactNode;
  submitColor?: ButtonProps["color"];
  maxWidth?: "xs" | "sm";
  testId: string;
  onClose(): void;
  onSubmit(e: FormEvent): void;
  children: ReactNode;
}) {
  const translate = useTranslate();
  // useTheme gives MUI's default theme outside a provider (a dialog rendered alone in a test).
  const phone = useMediaQuery(useTheme().breakpoints.down("sm"));
  return (
    <Dialog
      open={props.open ?? true}
      onClose={props.busy ? undefined : props.onClose}
      fullScreen={phone}
      fullWidth
      maxWidth={props.maxWidth ?? "xs"}
      data-testid={props.testId}
    >
      <form onSubmit={props.onSubmit} noValidate>
        <DialogTitle>{props.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {props.intro}
            {props.error && <Alert severity="error">{props.error}</Alert>}
            {props.children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose} disabled={props.busy}>
            {translate("ra.action.cancel")}
          </Button>
          <Button type="submit" variant="contained" color={props.submitColor ?? "primary"} disabled={props.busy}>
            {props.submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The message of a refused request (the data provider's errors carry the server's Portuguese), if it has one. */
const refusalText = (err: unknown): string | null => (err instanceof Error && err.message ? err.message : null);

/**
 * A form dialog's request: `busy` while it runs (the dialog cannot be closed meanwhile), closed once it succeeds,
 * and on a refusal the server's words (or `fallback`) kept in `error` for the dialog to show; the form may set its
 * own `error` before sending. `send` resolves to the refusal shown, or null when the request went through.
 */
export function useDialogRequest(onClose: () => void, fallback: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async (request: () => Promise<unknown>): Promise<string | null> => {
    setBusy(true);
    setError(null);
    try {
      await request();
      onClose();
      return null;
    } catch (err) {
      const refusal = refusalText(err) ?? fallback;
      setError(refusal);
      return refusal;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, send };
}
