// The revenue per day as bars (recharts, as react-admin's own demo draws its dashboard). Loaded only when the
// dashboard shows the owner's numbers: the chart library stays out of the console's first load.
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatKz } from "../../shared/money.ts";
import type { DashboardNumbers } from "../../server/schemas/admin-common.ts";

/** "2026-11-26" → "26/11". */
const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;
/** Axis ticks stay short on a phone: 1,2 M / 850 mil. */
const compactKz = (value: number) =>
  value >= 1_000_000
    ? `${(value / 1_000_000).toLocaleString("pt-PT", { maximumFractionDigits: 1 })} M`
    : value >= 1000
      ? `${Math.round(value / 1000)} mil`
      : String(value);

export default function RevenueChart({ days }: { days: DashboardNumbers["revenueByDay"] }) {
  return (
    <ResponsiveContainer width="100%" height={220}>
      <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="day" tickFormatter={shortDay} fontSize={12} minTickGap={8} />
        <YAxis tickFormatter={compactKz} fontSize={12} width={48} />
        <Tooltip formatter={(value) => formatKz(Number(value))} labelFormatter={(day) => shortDay(String(day))} />
        <Bar dataKey="revenue" name="Receita" fill="#1976d2" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
