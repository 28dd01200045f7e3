// The console's Cupões (docs/product/console.md#cupões): each code with its value, uses of the maximum and the money
// it gave away; support reads them only; the form sends only what the server takes, cleared limits as null.
import { render, screen } from "@testing-library/react";
import { AdminContext, ResourceContextProvider, SimpleForm, testDataProvider } from "react-admin";
import polyglotI18nProvider from "ra-i18n-polyglot";
import { ptMessages } from "../../console/i18n/pt.ts";
import { canRoleAccess } from "../../console/auth-provider.ts";
import { CouponCreate, CouponList } from "../../console/coupons/coupon-views.tsx";
import { KwanzaInput } from "../../console/components/kwanza-input.tsx";
import { couponRequestBody } from "../../console/coupons/transform.ts";
import type { AdminCoupon } from "../../server/schemas/coupons.ts";

const i18nProvider = polyglotI18nProvider(() => ptMessages, "pt");

const coupon = (over: Partial<AdminCoupon>): AdminCoupon => ({
  id: "c1",
  code: "NATAL10",
  kind: "percent",
  value: 10,
  minSubtotal: 0,
  startsAt: null,
  endsAt: "2026-12-31T23:00:00.000Z",
  maxUses: 50,
  maxUsesPerCustomer: 1,
  active: true,
  uses: 3,
  given: 4500,
  createdAt: "2026-11-01T10:00:00.000Z",
  ...over,
});

describe("Cupões", () => {
  it("lists each code with its discount, uses of the maximum, money given away and validity", async () => {
    const dataProvider = testDataProvider({
      getList: (async () => ({
        data: [
          coupon({}),
          coupon({ id: "c2", code: "MIL", kind: "fixed", value: 1000, maxUses: null, uses: 7, given: 7000, endsAt: null }),
        ],
        total: 2,
      })) as never,
    });
    render(
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <ResourceContextProvider value="coupons">
          <CouponList />
        </ResourceContextProvider>
      </AdminContext>,
    );
    const natal = (await screen.findByText("NATAL10")).closest("tr")!;
    expect(natal).toHaveTextContent("10 %");
    expect(natal).toHaveTextContent("3 / 50");
    expect(natal).toHaveTextContent(/4[\s\u00a0.]?500,00/);
    // Luanda time (UTC+1).
    expect(natal).toHaveTextContent("até 01/01/2027 00:00");
    const mil = screen.getByText("MIL").closest("tr")!;
    expect(mil.textContent?.replace(/\u00a0/g, " ")).toContain("1 000,00 kz");
    expect(mil).toHaveTextContent("Sempre");
    expect(screen.getByText("Utilizações")).toBeInTheDocument();
    expect(screen.getByText("Descontado (kz)")).toBeInTheDocument();
  });

  it("lets support read coupons and only admins write them", () => {
    for (const action of ["list", "show"]) expect(canRoleAccess("support", "coupons", action)).toBe(true);
    for (const action of ["edit", "create", "delete"]) expect(canRoleAccess("support", "coupons", action)).toBe(false);
    expect(canRoleAccess("admin", "coupons", "create")).toBe(true);
  });

  it("sends only the coupon's own fields, cleared limits and dates as null", () => {
    const record = { ...coupon({}), maxUses: undefined, maxUsesPerCustomer: null, startsAt: "", endsAt: "2026-12-31T23:00:00.000Z" };
    expect(couponRequestBody(record, false)).toEqual({
      code: "NATAL10",
      kind: "percent",
      value: 10,
      minSubtotal: 0,
      startsAt: null,
      endsAt: "2026-12-31T23:00:00.000Z",
      maxUses: null,
      maxUsesPerCustomer: null,
      active: true,
    });
  });

  it("starts the minimum empty, not as a red 0, on a new coupon and on one without a minimum", async () => {
    const view = render(
      <AdminContext i18nProvider={i18nProvider} dataProvider={testDataProvider()}>
        <ResourceContextProvider value="coupons">
          <CouponCreate />
        </ResourceContextProvider>
      </AdminContext>,
    );
    const fresh = await screen.findByTestId("kwanza-minSubtotal");
    expect(fresh).toHaveValue("");
    expect(fresh).toHaveAttribute("aria-invalid", "false");
    expect(screen.getByText("Vazio ou 0: sem mínimo")).toBeInTheDocument();
    view.unmount();
    // A coupon saved without a minimum (0) opens the same way.
    render(
      <AdminContext i18nProvider={i18nProvider} dataProvider={testDataProvider()}>
        <ResourceContextProvider value="coupons">
          <SimpleForm record={coupon({ minSubtotal: 0 })}>
            <KwanzaInput source="minSubtotal" label="resources.coupons.fields.minSubtotal" zeroIsEmpty />
          </SimpleForm>
        </ResourceContextProvider>
      </AdminContext>,
    );
    const edited = await screen.findByTestId("kwanza-minSubtotal", undefined, { timeout: 10_000 });
    expect(edited).toHaveValue("");
    expect(edited).toHaveAttribute("aria-invalid", "false");
  });
});
