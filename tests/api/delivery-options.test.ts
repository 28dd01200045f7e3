// Delivery zones and pickup points (docs/product/checkout.md#delivery): staff edit them (admins write, support
// reads), and GET /api/delivery/options answers what an address costs, free-from applied.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, type TestApp } from "../helpers/app.ts";
import { expectError } from "./admin-fixtures.ts";
import { DEMO_DELIVERY } from "../../server/demo/seed.ts";
import { estimateDelivery, type DeliveryOption, type FeeRule } from "../../shared/delivery.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createStaff>>;
let support: Awaited<ReturnType<typeof createStaff>>;

const staffApi = (who: { auth: Record<string, string> }, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url: `/admin/api${url}`, headers: who.auth, ...(payload ? { payload } : {}) });

const options = async (query: string): Promise<DeliveryOption[]> => {
  const res = await t.app.inject({ method: "GET", url: `/api/delivery/options?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { success: boolean; options: DeliveryOption[] };
  expect(body.success).toBe(true);
  return body.options;
};

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createStaff(t, "admin");
  support = await createStaff(t, "support");
  for (const zone of DEMO_DELIVERY.zones) expect((await staffApi(admin, "POST", "/delivery-zones", { ...zone })).statusCode).toBe(200);
  for (const point of DEMO_DELIVERY.pickupPoints) expect((await staffApi(admin, "POST", "/pickup-points", point)).statusCode).toBe(200);
});
afterAll(() => t.close());

describe("GET /api/delivery/options", () => {
  it("prices Luanda at 5 000 kz below 150 000 kz and free from it, with the pickup point at 0", async () => {
    const below = await options("state=Luanda&city=Talatona&subtotal=149999.99");
    expect(below.map((o) => [o.kind, o.name, o.fee])).toEqual([
      ["delivery", "Luanda", 5000],
      ["pickup", "Loja Luanda (levantamento)", 0],
    ]);
    expect(below[0]!.eta).toBe("24–72 h");
    expect(below[1]).toMatchObject({ address: "Rua Rainha Ginga 100, Ingombota, Luanda", eta: "pronto em 24 h" });
    const from = await options("state=Luanda&city=Talatona&subtotal=150000");
    expect(from[0]).toMatchObject({ kind: "delivery", name: "Luanda", fee: 0 });
  });

  it("prices the other provinces at 8 000 kz whatever the amount, case and accents as typed", async () => {
    for (const state of ["Benguela", "huila", "HUÍLA", "Moxico Leste"]) {
      const [first] = await options(`state=${encodeURIComponent(state)}&city=x&subtotal=900000`);
      expect(first, state).toMatchObject({ kind: "delivery", name: "Outras províncias", fee: 8000 });
    }
  });

  it("answers the shop's default 5 000 kz for an address in no zone (or none at all)", async () => {
    for (const query of ["state=Atlantida&city=x", "", "state=&city=&subtotal=0"]) {
      const [first] = await options(query);
      expect(first).toMatchObject({ id: "default", kind: "delivery", fee: 5000 });
    }
  });

  it("offers a municipality's own zone before its province's", async () => {
    const res = await staffApi(admin, "POST", "/delivery-zones", {
      name: "Talatona expresso",
      provinces: ["Luanda"],
      municipalities: ["Talatona"],
      price: 3000,
      freeFrom: null,
      eta: "24 h",
    });
    expect(res.statusCode, res.body).toBe(200);
    const [first, second] = await options("state=Luanda&city=talatona&subtotal=1000");
    expect([first!.name, second!.name]).toEqual(["Talatona expresso", "Luanda"]);
    const viana = await options("state=Luanda&city=Viana&subtotal=1000");
    expect(viana.map((o) => o.name)).not.toContain("Talatona expresso");
    expect((await staffApi(admin, "DELETE", `/delivery-zones/${(res.json() as { id: string }).id}`)).statusCode).toBe(200);
  });

  it("refuses a subtotal that is not an amount (400)", async () => {
    for (const query of ["subtotal=-1", "subtotal=abc", "subtotal=99999999999"]) {
      expectError(await t.app.inject({ method: "GET", url: `/api/delivery/options?${query}` }), 400);
    }
  });
});

describe("GET /api/delivery/estimate", () => {
  const estimate = async (query: string) => {
    const res = await t.app.inject({ method: "GET", url: `/api/delivery/estimate?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    const { provinceKnown, rules } = res.json() as { provinceKnown: boolean; rules: FeeRule[] };
    return { provinceKnown, rules, at: (subtotal: number) => estimateDelivery(rules, provinceKnown, subtotal) };
  };

  it("before the province is known: from the lowest zone fee, and what lacks for Luanda's free delivery", async () => {
    const unknown = await estimate("");
    expect(unknown.provinceKnown).toBe(false);
    // Every province has a whole-province zone in the demo: the default fee is not among the rules.
    expect(unknown.rules).toEqual([
      { price: 5000, freeFrom: 150000, where: "Luanda" },
      { price: 8000, freeFrom: null, where: "Outras províncias" },
    ]);
    expect(unknown.at(100000)).toEqual({ fee: 5000, exact: false, shortfall: 50000, freeWhere: "Luanda" });
    expect(unknown.at(150000)).toEqual({ fee: 0, exact: false, shortfall: 0, freeWhere: "Luanda" });
  });

  it("once the province (or a city the shop knows) is given: that zone's fee, exact", async () => {
    const luanda = await estimate("state=luanda&city=Talatona");
    expect(luanda.rules).toEqual([{ price: 5000, freeFrom: 150000, where: "Luanda" }]);
    expect(luanda.at(149999.5)).toEqual({ fee: 5000, exact: true, shortfall: 0.5, freeWhere: null });
    const lubango = await estimate("city=Lubango");
    expect(lubango.at(900000)).toEqual({ fee: 8000, exact: true, shortfall: null, freeWhere: null });
    expect((await estimate("state=Atlantida")).at(1000)).toMatchObject({ fee: 5000, exact: false });
  });
});

describe("/admin/api/delivery-zones and /admin/api/pickup-points", () => {
  it("lists in simple-rest style for support, who cannot write (403)", async () => {
    const list = await staffApi(support, "GET", "/delivery-zones");
    expect(list.statusCode).toBe(200);
    expect(list.headers["content-range"]).toMatch(/^delivery-zones 0-1\/2$/);
    const [zone] = list.json() as { id: string; name: string }[];
    expect((await staffApi(support, "GET", `/delivery-zones/${zone!.id}`)).json()).toMatchObject({ name: zone!.name });
    expectError(await staffApi(support, "POST", "/delivery-zones", { name: "X", provinces: ["Luanda"], price: 1 }), 403);
    expectError(await staffApi(support, "PUT", `/delivery-zones/${zone!.id}`, { name: "X", provinces: ["Luanda"], price: 1 }), 403);
    expectError(await staffApi(support, "DELETE", `/delivery-zones/${zone!.id}`), 403);
    const points = await staffApi(support, "GET", "/pickup-points");
    expect(points.headers["content-range"]).toBe("pickup-points 0-0/1");
    expectError(await staffApi(support, "POST", "/pickup-points", { name: "X", address: "Y" }), 403);
    expectError(await t.app.inject({ method: "GET", url: "/admin/api/delivery-zones" }), 401);
  });

  it("lets an admin create, edit and delete a zone and a pickup point, checking what is written", async () => {
    const created = await staffApi(admin, "POST", "/delivery-zones", {
      name: "  Sul  ",
      provinces: ["Namibe", "Huíla", "Namibe"],
      price: 9000,
      freeFrom: 300000,
      eta: "5 dias",
    });
    expect(created.statusCode, created.body).toBe(200);
    const zone = created.json() as { id: string };
    expect(zone).toMatchObject({ name: "Sul", provinces: ["Namibe", "Huíla"], municipalities: [], price: 9000, freeFrom: 300000 });
    const edited = await staffApi(admin, "PUT", `/delivery-zones/${zone.id}`, { ...zone, price: 9500, freeFrom: null });
    expect(edited.json()).toMatchObject({ price: 9500, freeFrom: null });
    expect((await staffApi(admin, "DELETE", `/delivery-zones/${zone.id}`)).statusCode).toBe(200);
    expectError(await staffApi(admin, "GET", `/delivery-zones/${zone.id}`), 404, "Zona de entrega não encontrada");

    const point = await staffApi(admin, "POST", "/pickup-points", {
      name: "Benguela centro",
      address: "Av. Norton de Matos 25",
      province: "benguela",
    });
    expect(point.json()).toMatchObject({ price: 0, hours: "", eta: "", province: "Benguela" });
    const id = (point.json() as { id: string }).id;
    expect(
      (
        await staffApi(admin, "PUT", `/pickup-points/${id}`, { name: "Benguela", address: "Av. 1", price: 500, province: "Benguela" })
      ).json(),
    ).toMatchObject({
      name: "Benguela",
      price: 500,
    });
    expect((await staffApi(admin, "DELETE", `/pickup-points/${id}`)).statusCode).toBe(200);
    expectError(await staffApi(admin, "PUT", `/pickup-points/${id}`, { name: "Benguela", address: "Av. 1", province: "Benguela" }), 404);
  });

  it("refuses a zone without a name, without provinces or with one not in the list, and bad amounts (400)", async () => {
    const base = { name: "Z", provinces: ["Luanda"], price: 1000 };
    expectError(await staffApi(admin, "POST", "/delivery-zones", { ...base, name: "  " }), 400, "Indique o nome da zona");
    expectError(await staffApi(admin, "POST", "/delivery-zones", { ...base, provinces: [] }), 400, "Escolha pelo menos uma província");
    expectError(
      await staffApi(admin, "POST", "/delivery-zones", { ...base, provinces: ["Cuando Cubango"] }),
      400,
      "Província desconhecida: Cuando Cubango",
    );
    expectError(await staffApi(admin, "POST", "/delivery-zones", { ...base, price: -1 }), 400);
    expectError(await staffApi(admin, "POST", "/delivery-zones", { ...base, extra: 1 }), 400);
    expectError(
      await staffApi(admin, "POST", "/pickup-points", { name: "P", address: " ", province: "Luanda" }),
      400,
      "Indique a morada do ponto de levantamento",
    );
    expectError(
      await staffApi(admin, "POST", "/pickup-points", { name: "P", address: "Rua 1" }),
      400,
      "Escolha a província do ponto de levantamento",
    );
    expectError(
      await staffApi(admin, "POST", "/pickup-points", { name: "P", address: "Rua 1", province: "Cuando Cubango" }),
      400,
      "Província desconhecida: Cuando Cubango",
    );
  });
});
