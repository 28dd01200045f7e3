// The owner's numbers on the dashboard: the period's figures, the money awaiting payment, how orders were paid,
// the best sellers, and a period switch that asks the server for that period.
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AdminContext } from "react-admin";
import { describe, expect, it, vi } from "vitest";
import polyglotI18nProvider from "ra-i18n-polyglot";
import { ptMessages } from "../../console/i18n/pt.ts";
import { OwnerNumbers } from "../../console/dashboard/owner-numbers.tsx";
import type { ConsoleDataProvider } from "../../console/data-provider.ts";
import type { DashboardNumbers } from "../../server/schemas/admin-common.ts";
import type { DashboardPeriod } from "../../shared/dashboard.ts";

const WAIT = { timeout: 10_000 };
const i18nProvider = polyglotI18nProvider(() => ptMessages, "pt");

const numbers = (period: DashboardPeriod, revenue: number): DashboardNumbers => ({
  period,
  from: "2026-11-20T23:00:00.000Z",
  revenue,
  paidOrders: 3,
  averageOrderValue: Math.round(revenue / 3),
  revenueByDay: [
    { day: "2026-11-25", orders: 1, revenue: 30_000 },
    { day: "2026-11-26", orders: 2, revenue: revenue - 30_000 },
  ],
  ordersByStatus: [{ status: "Aguardando Pagamento", count: 2 }],
  awaiting: { count: 2, total: 30_000, oldestDeadline: "2026-11-27T10:00:00.000Z" },
  topProducts: [{ productId: "p1", name: "Telemóvel X", units: 1, revenue: 100_000 }],
  paidBy: { multicaixa: 1, transfer: 1, card: 1 },
});

describe("the owner's numbers", () => {
  it("shows the period's revenue, average, money awaiting, how orders were paid and the best sellers; another period asks again", async () => {
    const getDashboardNumbers = vi.fn(async (period: DashboardPeriod) => numbers(period, period === "30d" ? 270_000 : 170_000));
    const dataProvider = { getDashboardNumbers } as unknown as ConsoleDataProvider;
    render(
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <OwnerNumbers />
      </AdminContext>,
    );
    expect(await screen.findByTestId("numbers-revenue", {}, WAIT)).toHaveTextContent(/170\s000,00 kz/);
    expect(getDashboardNumbers).toHaveBeenCalledWith("7d");
    expect(screen.getByTestId("numbers-average")).toHaveTextContent(/56\s667,00 kz/);
    expect(screen.getByTestId("numbers-awaiting")).toHaveTextContent(/30\s000,00 kz/);
    expect(screen.getByText(/^2 encomendas · prazo mais próximo /)).toBeInTheDocument();
    expect(screen.getByTestId("paid-by-multicaixa")).toHaveTextContent("1 · 33 %");
    expect(within(screen.getByTestId("top-products")).getByText("Telemóvel X")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "30 dias" }));
    await waitFor(() => expect(screen.getByTestId("numbers-revenue")).toHaveTextContent(/270\s000,00 kz/), WAIT);
    expect(getDashboardNumbers).toHaveBeenCalledWith("30d");
  });
});
