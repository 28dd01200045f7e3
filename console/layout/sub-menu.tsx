import type { ReactElement, ReactNode } from "react";
import { Collapse, List, ListItemButton, ListItemIcon, ListItemText, Tooltip } from "@mui/material";
import ExpandLessIcon from "@mui/icons-material/ExpandLess";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import { useSidebarState, useStore } from "react-admin";

/**
 * A group of the console's menu (docs/product/console.md#menu), as react-admin's demo Posters Galore draws its
 * "Sales" and "Catalog": a heading that folds its items away; each heading remembers, in this browser, whether it
 * was folded. Open by default, so every screen is one tap away on a first visit. With the sidebar narrowed to icons,
 * the items are not indented and the heading's name shows as a tooltip.
 */
export function SubMenu({ id, label, icon, children }: { id: string; label: string; icon: ReactElement; children: ReactNode }) {
  const [open, setOpen] = useStore(`console.menu.${id}`, true);
  const [sidebarOpen] = useSidebarState();
  const heading = (
    <ListItemButton dense onClick={() => setOpen(!open)} aria-expanded={open} data-testid={`menu-group-${id}`}>
      <ListItemIcon sx={{ minWidth: 40 }}>{icon}</ListItemIcon>
      <ListItemText primary={label} slotProps={{ primary: { variant: "overline", sx: { lineHeight: 1.6, fontWeight: 600 } } }} />
      {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
    </ListItemButton>
  );
  return (
    <>
      {sidebarOpen ? (
        heading
      ) : (
        <Tooltip title={label} placement="right">
          {heading}
        </Tooltip>
      )}
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List dense component="div" disablePadding sx={{ "& .MuiMenuItem-root": { pl: sidebarOpen ? 4 : 2 } }}>
          {children}
        </List>
      </Collapse>
    </>
  );
}
