import { Button, useNotify, useRecordContext, useTranslate, useUpdate } from "react-admin";
import { ButtonGroup, Menu, MenuItem } from "@mui/material";
import { useState } from "react";
import PaidIcon from "@mui/icons-material/Paid";
import DoneAllIcon from "@mui/icons-material/DoneAll";
import ArrowDropDownIcon from "@mui/icons-material/ArrowDropDown";
import type { AdminOrder } from "../../server/schemas/admin-orders.ts";
import { DELIVERED, ORDER_STATUSES, PAYMENT_CONFIRMED, type OrderStatus } from "../../shared/orders.ts";

/** One click to confirm the payment, one to mark it delivered, and a menu for the other states. */
export function StatusButtons() {
  const record = useRecordContext<AdminOrder>();
  const translate = useTranslate();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate<AdminOrder>();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!record) return null;

  const change = (status: OrderStatus) => {
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
      <Button label="loja.orders.confirm_payment" onClick={() => change(PAYMENT_CONFIRMED)} disabled={isPending || record.status === PAYMENT_CONFIRMED} variant="contained">
        <PaidIcon />
      </Button>
      <Button label="loja.orders.mark_delivered" onClick={() => change(DELIVERED)} disabled={isPending || record.status === DELIVERED} variant="contained" color="success">
        <DoneAllIcon />
      </Button>
      <Button label="loja.orders.change_status" onClick={(e) => setAnchor(e.currentTarget)} disabled={isPending} variant="outlined">
        <ArrowDropDownIcon />
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {ORDER_STATUSES.map((s) => (
          <MenuItem key={s} disabled={s === record.status} onClick={() => change(s)}>{translate(`loja.status.${s}`)}</MenuItem>
        ))}
      </Menu>
    </ButtonGroup>
  );
}
