import { useTranslate } from "react-admin";
import { Typography } from "@mui/material";
import { formatDateTime } from "../lib/format.ts";
import { timeLeft } from "../lib/deadline.ts";

/** A payment deadline with the time left, in red when under 6 h or already past. */
export function DeadlineText({ deadline, now }: { deadline: string; now?: number }) {
  const translate = useTranslate();
  const left = timeLeft(deadline, now);
  return (
    <Typography
      component="span"
      variant="body2"
      color={left.urgent ? "error" : "text.primary"}
      data-testid="payment-deadline"
      data-urgent={left.urgent ? "true" : "false"}
    >
      {formatDateTime(deadline)} ·{" "}
      {left.expired ? translate("loja.payments.expired") : translate("loja.payments.time_left", { time: left.text })}
    </Typography>
  );
}
