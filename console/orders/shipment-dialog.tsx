import { useState, type FormEvent } from "react";
import { useTranslate } from "react-admin";
import { Alert, TextField } from "@mui/material";
import { FormDialog, useDialogRequest } from "../components/form-dialog.tsx";
import type { AdminOrderStatusBody } from "../../server/schemas/admin-orders.ts";

type ShipmentBody = NonNullable<AdminOrderStatusBody["shipment"]>;

/** "2026-11-30" (a date input) → that day's noon in Luanda, as the API's date-time. */
const luandaNoon = (day: string) => `${day}T11:00:00.000Z`;

/**
 * Moving an order to Enviado (docs/product/orders.md#dispatch): what staff can tell the shopper, all optional —
 * carrier, tracking code and link, driver's phone, expected date; for a pickup order, that it is ready to collect
 * and until when (the point's address comes from the order). Mounted when opened, so each opening starts blank.
 */
export function ShipmentDialog({
  pickup,
  onClose,
  onSubmit,
}: {
  /** The order is collected at a pickup point: the move says "Pronto para levantar". */
  pickup: boolean;
  onClose(): void;
  /** Rejects when the server refuses: the dialog stays open (the refusal is notified by the caller). */
  onSubmit(shipment: ShipmentBody): Promise<void>;
}) {
  const translate = useTranslate();
  const [fields, setFields] = useState({ carrier: "", trackingCode: "", trackingUrl: "", driverPhone: "", day: "" });
  const [urlError, setUrlError] = useState(false);
  // The caller notifies the server's refusal; the dialog stays open so staff may correct and try again.
  const { busy, send } = useDialogRequest(onClose, "");
  const set = (key: keyof typeof fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const url = fields.trackingUrl.trim();
    const badUrl = url !== "" && !/^https?:\/\//.test(url);
    setUrlError(badUrl);
    if (badUrl) return;
    const shipment: ShipmentBody = {};
    for (const key of ["carrier", "trackingCode", "trackingUrl", "driverPhone"] as const) {
      const value = fields[key].trim();
      if (value) shipment[key] = value;
    }
    if (fields.day) shipment.expectedAt = luandaNoon(fields.day);
    await send(() => onSubmit(shipment));
  };

  return (
    <FormDialog
      title={translate(pickup ? "loja.shipment.pickup_title" : "loja.shipment.title")}
      intro={<Alert severity="info">{translate(pickup ? "loja.shipment.pickup_help" : "loja.shipment.help")}</Alert>}
      busy={busy}
      submitLabel={translate(pickup ? "loja.shipment.pickup_submit" : "loja.shipment.submit")}
      testId="shipment-dialog"
      onClose={onClose}
      onSubmit={submit}
    >
      {!pickup && (
        <>
          <TextField
            label={translate("loja.shipment.carrier")}
            value={fields.carrier}
            onChange={set("carrier")}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <TextField
            label={translate("loja.shipment.tracking_code")}
            value={fields.trackingCode}
            onChange={set("trackingCode")}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <TextField
            label={translate("loja.shipment.tracking_url")}
            value={fields.trackingUrl}
            onChange={set("trackingUrl")}
            error={urlError}
            helperText={urlError ? translate("loja.shipment.tracking_url_invalid") : undefined}
            slotProps={{ htmlInput: { maxLength: 500, inputMode: "url" } }}
          />
          <TextField
            label={translate("loja.shipment.driver_phone")}
            value={fields.driverPhone}
            onChange={(e) => setFields((f) => ({ ...f, driverPhone: e.target.value.replace(/[^0-9+ ]/g, "") }))}
            slotProps={{ htmlInput: { maxLength: 30, inputMode: "tel" } }}
          />
        </>
      )}
      <TextField
        type="date"
        label={translate(pickup ? "loja.shipment.collect_until" : "loja.shipment.expected_at")}
        value={fields.day}
        onChange={set("day")}
        slotProps={{ inputLabel: { shrink: true } }}
        helperText={pickup ? translate("loja.shipment.collect_until_help") : undefined}
      />
    </FormDialog>
  );
}
