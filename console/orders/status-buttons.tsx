import { Button, useNotify, useRecordContext, useTranslate, useUpdate } from "react-admin";
import { ButtonGroup, Menu, MenuItem } from "@mui/material";
import { useState } from "react";
import PaidIcon from "@mui/icons-material/Paid";
import DoneAllIcon from "@mui/icons-material/DoneAll";
import ArrowDropDownIcon from "@mui/icons-material/ArrowDropDown";
import type { AdminOrder } from "../../server/schemas/admin-orders.ts";
import { ORDER_STATUS_VALUES } from "./statuses.ts";

/** One click to `Pagamento Confirmado`, one to `Entregue`, and a menu for the other states. */
export function StatusButtons() {
  const record = useRecordContext<AdminOrder>();
  const translate = useTranslate();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate<AdminOrder>();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!record) return null;

  const change = (status: string) => {
    setAnchor(null);
    update(
      "orders",
      { id: record.id, data: { status }, previousData: record },
      {
        mutationMode: "pessimistic",
        onSuccess: () => notify("loja.orders.status_changed", { type: "success", messageArgs: { status: translate(`loja.status.${status}`, { _: status }) } }),
        onError: (err) => notify(err instanceof Error ? err.message : "ra.notification.http_error", { type: "error" }),
      },
    );
  };

  return (
    <ButtonGroup variant="contained" size="small" sx={{ flexWrap: "wrap" }}>
      <Button label="loja.orders.confirm_payment" onClick={() => change("Pagamento Confirmado")} disabled={isPending || record.status === "Pagamento Confirmado"} variant="contained">
        <PaidIcon />
      </Button>
      <Button label="loja.orders.mark_delivered" onClick={() => change("Entregue")} disabled={isPending || record.status === "Entregue"} variant="contained" color="success">
        <DoneAllIcon />
      </Button>
      <Button label="loja.orders.change_status" onClick={(e) => setAnchor(e.currentTarget)} disabled={isPending} variant="outlined">
        <ArrowDropDownIcon />
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {ORDER_STATUS_VALUES.map((s) => (
          <MenuItem key={s} disabled={s === record.status} onClick={() => change(s)}>{translate(`loja.status.${s}`)}</MenuItem>
        ))}
      </Menu>
    </ButtonGroup>
  );
}
