import { FunctionField, type FunctionFieldProps } from "react-admin";
import { formatDate, formatDateTime } from "../lib/format.ts";

/**
 * A record's date as the whole shop writes it ("24/11/2026", with `showTime` "24/11/2026 14:05", Luanda's time;
 * shared/dates.ts) instead of react-admin's DateField, whose text follows the browser's locale and time zone.
 * Sortable by `source`, labelled from it like any field.
 */
export function ShopDateField<R extends Record<string, unknown>>({
  source,
  showTime = false,
  emptyText = "",
  ...rest
}: Omit<FunctionFieldProps<R>, "render" | "source"> & { source: string; showTime?: boolean; emptyText?: string }) {
  return (
    <FunctionField<R>
      source={source}
      {...rest}
      render={(record) => {
        const value = record?.[source];
        if (typeof value !== "string" && !(value instanceof Date)) return emptyText;
        return (showTime ? formatDateTime : formatDate)(value) || emptyText;
      }}
    />
  );
}
