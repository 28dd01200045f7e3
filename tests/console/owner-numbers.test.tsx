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
    expect(screen.getByText(/^2 pedidos · prazo mais próximo /)).toBeInTheDocument();
    expect(screen.getByTestId("paid-by-multicaixa")).toHaveTextContent("1 · 33 %");
    expect(within(screen.getByTestId("top-products")).getByText("Telemóvel X")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "30 dias" }));
    await waitFor(() => expect(screen.getByTestId("numbers-revenue")).toHaveTextContent(/270\s000,00 kz/), WAIT);
    expect(getDashboardNumbers).toHaveBeenCalledWith("30d");
  });
});

describe("the accountant's exports on the owner's numbers", () => {
  const renderAs = (role: "admin" | "support", downloadReport = vi.fn(async () => new Blob(["\uFEFFPedido;Total\r\n"]))) => {
    const dataProvider = {
      getDashboardNumbers: async (p: DashboardPeriod) => numbers(p, 170_000),
      downloadReport,
    } as unknown as ConsoleDataProvider;
    const authProvider = {
      login: async () => undefined,
      logout: async () => undefined,
      checkAuth: async () => undefined,
      checkError: async () => undefined,
      getPermissions: async () => role,
      canAccess: async ({ resource }: { resource: string }) => role === "admin" || resource === "dashboard",
    };
    render(
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} authProvider={authProvider}>
        <OwnerNumbers />
      </AdminContext>,
    );
    return downloadReport;
  };

  it("lets an admin download the orders and payments of the period's days, or of the days typed", async () => {
    const created: Blob[] = [];
    const urls = { createObjectURL: (blob: Blob) => (created.push(blob), "blob:csv"), revokeObjectURL: () => undefined };
    vi.stubGlobal("URL", Object.assign(URL, urls));
    // The names the browser is told to save under ("pedidos-…", never "encomendas-…": docs/product/overview.md).
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const downloadReport = renderAs("admin");
    await userEvent.click(await screen.findByTestId("export-orders", {}, WAIT));
    // The period starts on 21/11 in Luanda (its `from` is 23:00 UTC the day before).
    const today = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
    await waitFor(() => expect(downloadReport).toHaveBeenCalledWith("orders", "2026-11-21", today), WAIT);
    await waitFor(() => expect(created).toHaveLength(1), WAIT);
    const from = screen.getByTestId("export-from");
    await userEvent.clear(from);
    await userEvent.type(from, "2026-10-01");
    await userEvent.click(screen.getByTestId("export-payments"));
    await waitFor(() => expect(downloadReport).toHaveBeenCalledWith("payments", "2026-10-01", today), WAIT);
    await waitFor(() => expect(names).toEqual([`pedidos-2026-11-21-a-${today}.csv`, `pagamentos-2026-10-01-a-${today}.csv`]), WAIT);
    click.mockRestore();
    vi.unstubAllGlobals();
  });

  it("shows no export to support (the server refuses them)", async () => {
    renderAs("support");
    expect(await screen.findByTestId("numbers-revenue", {}, WAIT)).toBeInTheDocument();
    expect(screen.queryByTestId("report-exports")).toBeNull();
  });
});
