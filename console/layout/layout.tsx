import { useEffect, useState, type ReactNode } from "react";
import { AppBar, Layout, Menu, TitlePortal, useCanAccess, useNotify, useTranslate } from "react-admin";
import NotificationsActiveIcon from "@mui/icons-material/NotificationsActive";
import NotificationsOffIcon from "@mui/icons-material/NotificationsOff";
import { staffPushSupported, staffSubscription, subscribeStaffBrowser, unsubscribeStaffBrowser } from "./staff-push.ts";
import { Badge, Box, Chip, IconButton, Tooltip } from "@mui/material";
import VolumeOffIcon from "@mui/icons-material/VolumeOff";
import VolumeUpIcon from "@mui/icons-material/VolumeUp";
import { setSoundOn, soundOn } from "./attention.ts";
import ForumIcon from "@mui/icons-material/Forum";
import SettingsIcon from "@mui/icons-material/Settings";
import { RealtimeProvider, useRealtime } from "./realtime-context.tsx";

function LiveIndicator() {
  const { connected } = useRealtime();
  const translate = useTranslate();
  return (
    <Tooltip title={translate(connected ? "loja.conversations.live" : "loja.conversations.offline")}>
      <Chip
        size="small"
        data-testid="live-indicator"
        data-connected={connected ? "true" : "false"}
        label="●"
        sx={{ color: connected ? "#7CFC9A" : "#ffb4a8", background: "transparent" }}
      />
    </Tooltip>
  );
}

/** An app bar button that turns something on or off for this browser, named by what a click does. */
function BarToggle(props: { label: string; on: boolean; disabled?: boolean; onClick: () => void; testId?: string; children: ReactNode }) {
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

/** Turns the sound for new orders and shopper messages on or off, for this browser. */
function SoundToggle() {
  const translate = useTranslate();
  const [on, setOn] = useState(soundOn);
  const toggle = () => {
    setSoundOn(!on);
    setOn(!on);
  };
  return (
    <BarToggle label={translate(on ? "loja.attention.sound_off" : "loja.attention.sound_on")} on={on} onClick={toggle}>
      {on ? <VolumeUpIcon /> : <VolumeOffIcon />}
    </BarToggle>
  );
}

/**
 * Turns pushes to this browser on or off: new orders, proofs and shoppers' messages reach the staff member with no
 * console tab open. The browser asks its permission on this click, never before. Hidden where pushes cannot work.
 */
function PushToggle() {
  const translate = useTranslate();
  const notify = useNotify();
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void staffSubscription()
      .then((s) => live && setOn(Boolean(s)))
      .catch(() => live && setOn(false));
    return () => {
      live = false;
    };
  }, []);
  if (!staffPushSupported() || on === null) return null;
  const label = translate(on ? "loja.attention.push_off" : "loja.attention.push_on");
  const toggle = async () => {
    setBusy(true);
    try {
      if (on) {
        await unsubscribeStaffBrowser();
        setOn(false);
        notify("loja.attention.push_stopped", { type: "info" });
        return;
      }
      const outcome = await subscribeStaffBrowser();
      setOn(outcome === "subscribed");
      notify(`loja.attention.push_${outcome}`, { type: outcome === "subscribed" ? "success" : "warning" });
    } catch {
      notify("loja.attention.push_failed", { type: "error" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <BarToggle label={label} on={on} disabled={busy} onClick={() => void toggle()} testId="push-toggle">
      {on ? <NotificationsActiveIcon /> : <NotificationsOffIcon />}
    </BarToggle>
  );
}

function ConsoleAppBar() {
  return (
    <AppBar>
      <TitlePortal />
      <Box sx={{ flex: 1 }} />
      <PushToggle />
      <SoundToggle />
      <LiveIndicator />
    </AppBar>
  );
}

function ConversationsMenuItem() {
  const { unreadCount } = useRealtime();
  const translate = useTranslate();
  return (
    <Menu.Item
      to="/conversations"
      primaryText={translate("resources.conversations.name", { smart_count: 2 })}
      leftIcon={
        <Badge badgeContent={unreadCount} color="error" data-testid="unread-badge">
          <ForumIcon />
        </Badge>
      }
    />
  );
}

function ConsoleMenu() {
  const translate = useTranslate();
  const { canAccess: canProducts } = useCanAccess({ resource: "products", action: "list" });
  const { canAccess: canStaff } = useCanAccess({ resource: "staff", action: "list" });
  const { canAccess: canSettings } = useCanAccess({ resource: "settings", action: "edit" });
  const { canAccess: canOutbox } = useCanAccess({ resource: "outbox", action: "list" });
  const { canAccess: canStatement } = useCanAccess({ resource: "bank-statement-lines", action: "list" });
  return (
    <Menu>
      <Menu.DashboardItem />
      <Menu.ResourceItem name="orders" />
      <Menu.ResourceItem name="payments" />
      {canStatement && <Menu.ResourceItem name="bank-statement-lines" />}
      <ConversationsMenuItem />
      <Menu.ResourceItem name="quick-replies" />
      {canProducts && <Menu.ResourceItem name="products" />}
      <Menu.ResourceItem name="customers" />
      {canStaff && <Menu.ResourceItem name="staff" />}
      {canOutbox && <Menu.ResourceItem name="outbox" />}
      {canProducts && <Menu.ResourceItem name="synonyms" />}
      <Menu.ResourceItem name="delivery-zones" />
      <Menu.ResourceItem name="pickup-points" />
      {canSettings && <Menu.Item to="/settings" primaryText={translate("loja.menu.settings")} leftIcon={<SettingsIcon />} />}
    </Menu>
  );
}

/**
 * Nothing widens the page: react-admin's layout grows to its widest content (min-width: fit-content), so a row of
 * list tabs on a phone, or a table with a long cell on a laptop, made the whole page scroll sideways. The layout and
 * the list keep the window's width; a table wider than that scrolls inside its own box, and the tabs in their row.
 */
const FITS_THE_WINDOW = {
  minWidth: 0,
  "& .RaLayout-content, & .RaList-main": { minWidth: 0 },
  "& .RaDatagrid-tableWrapper": { overflowX: "auto" },
};

export function ConsoleLayout({ children }: { children: ReactNode }) {
  return (
    <RealtimeProvider>
      <Layout appBar={ConsoleAppBar} menu={ConsoleMenu} sx={FITS_THE_WINDOW}>
        {children}
      </Layout>
    </RealtimeProvider>
  );
}
