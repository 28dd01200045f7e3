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

const staffApi = (method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
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
  const options = (await t.app.inject({ method: "GET", url: "/api/delivery/options?state=Benguela" })).json() as {
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

  it("prices a pickup point at 0 wherever the shopper lives, and keeps its address", async () => {
    const c = await registerCustomer(t.app);
    const address = { ...ADDRESS, state: "Benguela", city: "Benguela" };
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

  it("charges a SPEC client 5 000 kz for an address in no zone, as before", async () => {
    const c = await registerCustomer(t.app);
    for (const state of ["", "Lisboa"]) {
      const order = await placed(c, orderBody([{ product: cheap(), quantity: 1 }], { address: { ...ADDRESS, state } }));
      expect(order.deliveryFee.toNumber()).toBe(5000);
      expect(order.delivery).toMatchObject({ kind: "delivery", fee: 5000, name: "Entrega ao domicílio" });
    }
  });

  it("refuses an unknown option (404) and a zone that does not serve the address (409)", async () => {
    const c = await registerCustomer(t.app);
    const body = orderBody([{ product: cheap(), quantity: 1 }]);
    expectError(await place(c, { ...body, deliveryOptionId: "nao-existe" }), 404, "Opção de entrega não encontrada");
    const benguela = { ...body, address: { ...ADDRESS, state: "Benguela" }, deliveryOptionId: luanda };
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
    const mail = await t.prisma.outboxMail.findFirst({ where: { kind: "order-placed", dedupeKey: `order-placed:${order.id}` } });
    expect(mail?.facts).toMatchObject({ delivery: { kind: "pickup", address: "Rua Rainha Ginga 100, Ingombota, Luanda" } });
  });
});
