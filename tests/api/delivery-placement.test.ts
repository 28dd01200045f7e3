// Placement prices delivery on the server (docs/product/checkout.md#delivery): from the address and the chosen
// option, free-from applied, never from the client; the order keeps the choice for the shopper, staff and e-mails.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, registerCustomer, type Customer, type TestApp } from "../helpers/app.ts";
import { ADDRESS, expectError, liveProducts, orderBody, post, type CatalogueProduct } from "./commerce-fixtures.ts";
import { DEMO_DELIVERY } from "../../server/demo/seed.ts";
import type { DeliveryOption } from "../../shared/delivery.ts";

let t: TestApp;
let products: CatalogueProduct[];
let admin: Awaited<ReturnType<typeof createStaff>>;
let pickup: DeliveryOption;
let luanda: string;

const staffApi = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url: `/admin/api${url}`, headers: admin.auth, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await buildTestApp();
  products = await liveProducts(t);
  admin = await createStaff(t, "admin");
  for (const zone of DEMO_DELIVERY.zones) {
    const res = await staffApi("POST", "/delivery-zones", { ...zone });
    if (zone.name === "Luanda") luanda = (res.json() as { id: string }).id;
  }
  for (const point of DEMO_DELIVERY.pickupPoints) await staffApi("POST", "/pickup-points", point);
  const options = (await t.app.inject({ method: "GET", url: "/api/delivery/options?state=Luanda" })).json() as {
    options: DeliveryOption[];
  };
  pickup = options.options.find((o) => o.kind === "pickup")!;
});
afterAll(() => t.close());

const cheap = () => products[0]!;
/** A product dear enough that n units pass Luanda's free-from amount. */
const dear = () => products[products.length - 1]!;

const place = (c: Customer, body: object) => post(t, "/api/order/place", body, c.auth);
const withFee = (body: ReturnType<typeof orderBody>, fee: number) => ({ ...body, totalAmount: body.totalAmount - 5000 + fee });

async function placed(c: Customer, body: object) {
  const res = await place(c, body);
  expect(res.statusCode, res.body).toBe(200);
  const id = (res.json() as { orderId: string }).orderId;
  return t.prisma.order.findUniqueOrThrow({ where: { id } });
}

describe("POST /api/order/place prices delivery", () => {
  it("charges Luanda 5 000 kz without an option, and keeps the zone as the delivery chosen", async () => {
    const c = await registerCustomer(t.app);
    const order = await placed(c, orderBody([{ product: cheap(), quantity: 1 }]));
    expect(order.deliveryFee.toNumber()).toBe(5000);
    expect(order.delivery).toEqual({ kind: "delivery", name: "Luanda", fee: 5000, eta: "24–72 h" });
  });

  it("delivers Luanda free from 150 000 kz of items", async () => {
    const c = await registerCustomer(t.app);
    const n = Math.ceil(150_000 / dear().price);
    const body = orderBody([{ product: dear(), quantity: n }]);
    const order = await placed(c, withFee(body, 0));
    expect(order.deliveryFee.toNumber()).toBe(0);
    expect(order.totalAmount.toNumber()).toBe(dear().price * n);
  });

  it("charges another province 8 000 kz and refuses the client's 5 000 with the right total (409)", async () => {
    const c = await registerCustomer(t.app);
    const address = { ...ADDRESS, state: "Benguela", city: "Lobito" };
    const body = orderBody([{ product: cheap(), quantity: 2 }], { address });
    const res = await place(c, body);
    expectError(res, 409, /O total do pedido mudou/);
    expect((res.json() as { totalAmount: number }).totalAmount).toBe(cheap().price * 2 + 8000);
    const order = await placed(c, withFee(body, 8000));
    expect(order.delivery).toMatchObject({ kind: "delivery", name: "Outras províncias", fee: 8000 });
  });

  it("prices a pickup point at 0 for an address of its province, and keeps its address", async () => {
    const c = await registerCustomer(t.app);
    const address = { ...ADDRESS, state: "Luanda", city: "Viana" };
    const body = orderBody([{ product: cheap(), quantity: 1 }], { address, deliveryOptionId: pickup.id });
    expectError(await place(c, body), 409, /O total do pedido mudou/);
    const order = await placed(c, withFee(body, 0));
    expect(order.deliveryFee.toNumber()).toBe(0);
    expect(order.delivery).toMatchObject({
      kind: "pickup",
      fee: 0,
      address: "Rua Rainha Ginga 100, Ingombota, Luanda",
      eta: "pronto em 24 h",
    });

    const mine = (await post(t, "/api/order/userorders", {}, c.auth)).json() as { orders: { _id: string; delivery: unknown }[] };
    expect(mine.orders.find((o) => o._id === order.id)!.delivery).toMatchObject({ kind: "pickup", name: "Loja Luanda (levantamento)" });
    const staff = (await staffApi("GET", `/orders/${order.id}`)).json() as { delivery: unknown };
    expect(staff.delivery).toMatchObject({ kind: "pickup", address: "Rua Rainha Ginga 100, Ingombota, Luanda" });
  });

  it("needs no province for a pickup, and refuses another province's point (409)", async () => {
    const c = await registerCustomer(t.app);
    const line = [{ product: cheap(), quantity: 1 }];
    const luandaNoProvince = orderBody(line, { address: { ...ADDRESS, state: "" }, deliveryOptionId: pickup.id });
    expect((await placed(c, withFee(luandaNoProvince, 0))).delivery).toMatchObject({ kind: "pickup" });
    for (const address of [
      { ...ADDRESS, state: "Benguela", city: "Benguela" },
      // No province, but Lubango is Huíla's.
      { ...ADDRESS, state: "", city: "Lubango" },
    ]) {
      const body = orderBody(line, { address, deliveryOptionId: pickup.id });
      expectError(await place(c, withFee(body, 0)), 409, "Esta opção de entrega não serve o endereço indicado: escolha outra");
    }
  });

  it("refuses a delivery to the door without a province or with one that is not Angola's (400), SPEC's 'optional' aside", async () => {
    const c = await registerCustomer(t.app);
    const line = [{ product: cheap(), quantity: 1 }];
    expectError(
      await place(c, orderBody(line, { address: { ...ADDRESS, state: "" } })),
      400,
      "Província é necessária para a entrega ao domicílio",
    );
    expectError(
      await place(c, orderBody(line, { address: { ...ADDRESS, state: "Lisboa" } })),
      400,
      "Escolha a província na lista das províncias de Angola",
    );
    // Typed in another case or without accents, a province of the list is that province.
    const order = await placed(c, orderBody(line, { address: { ...ADDRESS, state: "  luanda " } }));
    expect(order.delivery).toMatchObject({ kind: "delivery", name: "Luanda", fee: 5000 });
  });

  it("prices Lubango as Huíla (8 000 kz), never as the 5 000 default, and refuses it without its province", async () => {
    const c = await registerCustomer(t.app);
    const line = [{ product: cheap(), quantity: 1 }];
    const lubango = { ...ADDRESS, city: "Lubango", street: "Rua da Sé 3" };
    // The audit's order: Lubango with the province left empty, priced as the default.
    expectError(
      await place(c, orderBody(line, { address: { ...lubango, state: "" } })),
      400,
      "Província é necessária para a entrega ao domicílio",
    );
    expectError(
      await place(c, orderBody(line, { address: { ...lubango, state: "Luanda" } })),
      400,
      "Lubango fica na província Huíla: escolha essa província ou corrija a cidade",
    );
    const body = orderBody(line, { address: { ...lubango, state: "Huíla" } });
    expectError(await place(c, body), 409, /O total do pedido mudou: o total atual é/);
    const order = await placed(c, withFee(body, 8000));
    expect(order.deliveryFee.toNumber()).toBe(8000);
    expect(order.delivery).toMatchObject({ kind: "delivery", name: "Outras províncias", fee: 8000 });
    // What the checkout is offered for Lubango, even before the province is chosen: Huíla's fee, no Luanda counter.
    for (const query of ["state=&city=Lubango", "state=Hu%C3%ADla&city=lubango"]) {
      const offered = (await t.app.inject({ method: "GET", url: `/api/delivery/options?${query}&subtotal=1000` })).json() as {
        options: DeliveryOption[];
      };
      expect(offered.options.map((o) => [o.kind, o.name, o.fee])).toEqual([["delivery", "Outras províncias", 8000]]);
    }
  });

  it("knows the municipalities the shop's own zones name", async () => {
    const zone = await staffApi("POST", "/delivery-zones", {
      name: "Bairro Novo",
      provinces: ["Bengo"],
      municipalities: ["Sassa Nova"],
      price: 7000,
      freeFrom: null,
      eta: "",
    });
    expect(zone.statusCode, zone.body).toBe(200);
    const c = await registerCustomer(t.app);
    const address = { ...ADDRESS, state: "Luanda", city: "Sassa Nova" };
    expectError(
      await place(c, orderBody([{ product: cheap(), quantity: 1 }], { address })),
      400,
      "Sassa Nova fica na província Bengo: escolha essa província ou corrija a cidade",
    );
    expect((await staffApi("DELETE", `/delivery-zones/${(zone.json() as { id: string }).id}`)).statusCode).toBe(200);
  });

  it("refuses an unknown option (404) and a zone that does not serve the address (409)", async () => {
    const c = await registerCustomer(t.app);
    const body = orderBody([{ product: cheap(), quantity: 1 }]);
    expectError(await place(c, { ...body, deliveryOptionId: "nao-existe" }), 404, "Opção de entrega não encontrada");
    const benguela = { ...body, address: { ...ADDRESS, state: "Benguela", city: "Lobito" }, deliveryOptionId: luanda };
    expectError(await place(c, benguela), 409, "Esta opção de entrega não serve o endereço indicado: escolha outra");
    expectError(await place(c, { ...body, deliveryOptionId: "x".repeat(65) }), 400);
  });

  it("keeps the bairro and ponto de referência for the courier, shown to staff", async () => {
    const c = await registerCustomer(t.app);
    const address = { ...ADDRESS, neighborhood: " Maianga ", landmark: "Perto da igreja" };
    const order = await placed(c, orderBody([{ product: cheap(), quantity: 1 }], { address }));
    const staff = (await staffApi("GET", `/orders/${order.id}`)).json() as { address: Record<string, string> };
    expect(staff.address).toMatchObject({ neighborhood: "Maianga", landmark: "Perto da igreja" });
  });

  it("puts the delivery chosen in the order's confirmation e-mail", async () => {
    const c = await registerCustomer(t.app);
    const body = orderBody([{ product: cheap(), quantity: 1 }], { deliveryOptionId: pickup.id });
    const order = await placed(c, withFee(body, 0));
    await t.settled();
    const mail = await t.prisma.outboxMail.findFirst({ where: { kind: "order-placed", dedupeKey: `order-placed:${order.id}` } });
    expect(mail?.facts).toMatchObject({ delivery: { kind: "pickup", address: "Rua Rainha Ginga 100, Ingombota, Luanda" } });
  });
});
