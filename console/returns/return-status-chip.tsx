import { Chip } from "@mui/material";
import { RETURN_STATUS_TONE, isReturnStatus } from "../../shared/returns.ts";

/** A return's status as a chip coloured by shared/returns.ts. */
export function ReturnStatusChip({ status }: { status: string }) {
  return (
    <Chip size="small" color={isReturnStatus(status) ? RETURN_STATUS_TONE[status] : "default"} label={status} data-testid="return-status" />
  );
}
