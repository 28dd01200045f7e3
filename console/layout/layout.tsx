import { useState, type ReactNode } from "react";
import { AppBar, Layout, Logout, Menu, TitlePortal, UserMenu, useCanAccess, useTranslate } from "react-admin";
import { BarToggle, InUserMenu } from "./bar-toggle.tsx";
import { PushToggle } from "./push-toggle.tsx";
import { Badge, Box, Chip, Tooltip, useMediaQuery, type Theme } from "@mui/material";
import VolumeOffIcon from "@mui/icons-material/VolumeOff";
import VolumeUpIcon from "@mui/icons-material/VolumeUp";
import { setSoundOn, soundOn } from "./attention.ts";
import ForumIcon from "@mui/icons-material/Forum";
import SettingsIcon from "@mui/icons-material/Settings";
import PaymentsIcon from "@mui/icons-material/Payments";
import ShoppingCartIcon from "@mui/icons-material/ShoppingCart";
import InventoryIcon from "@mui/icons-material/Inventory";
import SupportAgentIcon from "@mui/icons-material/SupportAgent";
import AccountBalanceIcon from "@mui/icons-material/AccountBalance";
import TuneIcon from "@mui/icons-material/Tune";
import { SubMenu } from "./sub-menu.tsx";
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
 * On a phone the bar keeps its width for the page's title ("Pedidos", "Definições" whole, on two lines at most):
 * the push and sound toggles move into the user menu, as react-admin's demo keeps its bar to the title on a phone.
 */
const PHONE_TITLE = {
  fontSize: "1.05rem",
  lineHeight: 1.2,
  whiteSpace: "normal",
  display: "-webkit-box",
  WebkitLineClamp: 2,
  WebkitBoxOrient: "vertical",
  wordBreak: "break-word",
};

function ConsoleAppBar() {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down("sm"));
  return (
    <AppBar
      userMenu={
        phone ? (
          <UserMenu>
            <InUserMenu.Provider value>
              <PushToggle />
              <SoundToggle />
            </InUserMenu.Provider>
            <Logout />
          </UserMenu>
        ) : undefined
      }
    >
      <TitlePortal sx={phone ? PHONE_TITLE : undefined} data-testid="console-title" />
      {!phone && <Box sx={{ flex: 1 }} />}
      {!phone && <PushToggle />}
      {!phone && <SoundToggle />}
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
  // Grouped as staff work (docs/product/console.md#menu): what a day's sales need first, the money, the shoppers'
  // questions, the catalogue, then how the shop is set up. A group with nothing this role may open is left out.
  return (
    <Menu>
      <Menu.DashboardItem />
      <SubMenu id="sales" label={translate("loja.menu.sales")} icon={<ShoppingCartIcon />}>
        <Menu.ResourceItem name="orders" />
        <Menu.ResourceItem name="returns" />
        <Menu.Item to="/door-cash" primaryText="Caixa do dia" leftIcon={<PaymentsIcon />} />
        <Menu.ResourceItem name="coupons" />
      </SubMenu>
      <SubMenu id="money" label={translate("loja.menu.money")} icon={<AccountBalanceIcon />}>
        <Menu.ResourceItem name="payments" />
        {canStatement && <Menu.ResourceItem name="bank-statement-lines" />}
        <Menu.ResourceItem name="fiscal-documents" />
      </SubMenu>
      <SubMenu id="support" label={translate("loja.menu.support")} icon={<SupportAgentIcon />}>
        <ConversationsMenuItem />
        <Menu.ResourceItem name="whatsapp-inbox" />
        <Menu.ResourceItem name="quick-replies" />
        {canOutbox && <Menu.ResourceItem name="outbox" />}
      </SubMenu>
      <Menu.ResourceItem name="customers" />
      {canProducts && (
        <SubMenu id="catalogue" label={translate("loja.menu.catalogue")} icon={<InventoryIcon />}>
          <Menu.ResourceItem name="products" />
          <Menu.ResourceItem name="synonyms" />
        </SubMenu>
      )}
      <SubMenu id="setup" label={translate("loja.menu.setup")} icon={<TuneIcon />}>
        <Menu.ResourceItem name="delivery-zones" />
        <Menu.ResourceItem name="pickup-points" />
        {canStaff && <Menu.ResourceItem name="staff" />}
        {canSettings && <Menu.Item to="/settings" primaryText={translate("loja.menu.settings")} leftIcon={<SettingsIcon />} />}
      </SubMenu>
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
