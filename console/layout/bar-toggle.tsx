import type { ReactNode } from "react";
import { IconButton, Tooltip } from "@mui/material";

/** An app bar button that turns something on or off for this browser, named by what a click does. */
export function BarToggle(props: {
  label: string;
  on: boolean;
  disabled?: boolean;
  onClick: () => void;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Tooltip title={props.label}>
      <IconButton
        color="inherit"
        aria-label={props.label}
        aria-pressed={props.on}
        disabled={props.disabled}
        onClick={props.onClick}
        data-testid={props.testId}
      >
        {props.children}
      </IconButton>
    </Tooltip>
  );
}
