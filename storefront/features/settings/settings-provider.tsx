import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import type { PublicSettings } from "../../../server/schemas/settings.ts";
import { getSettings } from "./api/get-settings.ts";

// The shop's contacts, bank details and sign-in options, loaded once for every screen; null until they arrive
// (or when they cannot be loaded: the screens then leave those details out).
export const SettingsContext = createContext<PublicSettings | null>(null);

export function SettingsProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState<PublicSettings | null>(null);
  useEffect(() => {
    getSettings().then(setSettings, () => {});
  }, []);
  return <SettingsContext.Provider value={settings}>{children}</SettingsContext.Provider>;
}

export const useShopSettings = () => useContext(SettingsContext);
