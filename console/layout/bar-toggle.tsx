import { createContext, useContext, type ReactNode } from "react";
import { IconButton, ListItemIcon, ListItemText, MenuItem, Tooltip } from "@mui/material";

/**
 * Where the toggles are drawn: in the app bar (a wide screen), or as lines of the user menu on a phone, where the bar
 * keeps its width for the page's title (docs/product/console.md#on-a-phone).
 */
export const InUserMenu = createContext(false);

/** An app bar button that turns something on or off for this browser, named by what a click does. */
export function BarToggle(props: {
  label: string;
  on: boolean;
  disabled?: boolean;
  onClick: () => void;
  testId?: string;
  children: ReactNode;
}) {
  const inMenu = useContext(InUserMenu);
  if (inMenu)
    return (
      <MenuItem
        role="menuitemcheckbox"
        aria-checked={props.on}
        disabled={props.disabled}
        onClick={props.onClick}
        data-testid={props.testId}
      >
        <ListItemIcon>{props.children}</ListItemIcon>
        <ListItemText>{props.label}</ListItemText>
      </MenuItem>
    );
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
