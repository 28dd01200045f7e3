import { Admin, CustomRoutes, Resource, defaultTheme } from "react-admin";
import { ptPT } from "@mui/material/locale";
import polyglotI18nProvider from "ra-i18n-polyglot";
import { Route } from "react-router-dom";
import { DoorCash } from "./door-cash/door-cash.tsx";
import { authProvider } from "./auth-provider.ts";
import { dataProvider } from "./data-provider.ts";
import { ptMessages } from "./i18n/pt.ts";
import { ConsoleLayout } from "./layout/layout.tsx";
import { Dashboard } from "./dashboard/dashboard.tsx";
import products from "./products/index.ts";
import orders from "./orders/index.ts";
import payments from "./payments/index.ts";
import bankStatementLines from "./bank-statements/index.ts";
import bankStatementMappings from "./bank-statements/mappings.ts";
import conversations from "./conversations/index.ts";
import customers from "./customers/index.ts";
import staff from "./staff/index.ts";
import outbox from "./outbox/index.ts";
import fiscalDocuments from "./fiscal-documents/index.ts";
import returns from "./returns/index.ts";
import synonyms from "./synonyms/index.ts";
import quickReplies from "./quick-replies/index.ts";
import deliveryZones from "./delivery/zones.ts";
import pickupPoints from "./delivery/pickup-points.ts";
import coupons from "./coupons/index.ts";
import whatsappInbox from "./whatsapp-inbox/index.ts";
import { SettingsEdit } from "./settings/settings-edit.tsx";
import { shellMessages } from "./i18n/shell.ts";

const i18nProvider = polyglotI18nProvider(() => ptMessages, "pt", [{ locale: "pt", name: "Português" }], { allowMissing: false });

// MUI's own texts (autocomplete, pagination, alerts) in Portuguese too, under react-admin's defaults.
const theme = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, primary: { main: "#1f3a5f" }, secondary: { main: "#1f3a5f" } },
  components: {
    ...ptPT.components,
    ...defaultTheme.components,
    MuiAutocomplete: {
      ...defaultTheme.components?.MuiAutocomplete,
      defaultProps: { ...ptPT.components?.MuiAutocomplete?.defaultProps, ...defaultTheme.components?.MuiAutocomplete?.defaultProps },
    },
  },
};

/** The whole react-admin console; loaded lazily by main.tsx once a staff session exists. */
export function ConsoleApp() {
  return (
    <Admin
      title={shellMessages.title}
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={ConsoleLayout}
      dashboard={Dashboard}
      theme={theme}
      disableTelemetry
      requireAuth
    >
      <Resource name="orders" {...orders} />
      <Resource name="payments" {...payments} />
      <Resource name="returns" {...returns} />
      <Resource name="bank-statement-lines" {...bankStatementLines} />
      <Resource name="bank-statement-mappings" {...bankStatementMappings} />
      <Resource name="conversations" {...conversations} />
      <Resource name="whatsapp-inbox" {...whatsappInbox} />
      <Resource name="products" {...products} />
      <Resource name="customers" {...customers} />
      <Resource name="staff" {...staff} />
      <Resource name="synonyms" {...synonyms} />
      <Resource name="quick-replies" {...quickReplies} />
      <Resource name="delivery-zones" {...deliveryZones} />
      <Resource name="pickup-points" {...pickupPoints} />
      <Resource name="coupons" {...coupons} />
      <Resource name="settings" />
      <Resource name="outbox" {...outbox} />
      <Resource name="fiscal-documents" {...fiscalDocuments} />
      <CustomRoutes>
        <Route path="/settings" element={<SettingsEdit />} />
        <Route path="/door-cash" element={<DoorCash />} />
      </CustomRoutes>
    </Admin>
  );
}
