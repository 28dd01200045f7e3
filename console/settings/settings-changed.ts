// The realtime frame the server sends the other admins when someone changes the shop's settings:
// the bank details decide where shoppers' money goes, so every admin with the console open is told.
import type { ServerFrame } from "../../shared/realtime.ts";
import { isBankField } from "../../shared/settings.ts";

export type SettingsChangedFrame = Extract<ServerFrame, { type: "settingsChanged" }>;

export const isSettingsChangedFrame = (frame: unknown): frame is SettingsChangedFrame => {
  if (typeof frame !== "object" || frame === null) return false;
  const f = frame as Partial<SettingsChangedFrame>;
  return f.type === "settingsChanged" && typeof f.by === "string" && Array.isArray(f.fields);
};

/** The alert's translation key: a bank change is the one to worry about. */
export const settingsChangedMessage = (frame: SettingsChangedFrame): string =>
  frame.fields.some(isBankField) ? "loja.settings.bank_changed_by" : "loja.settings.changed_by";
