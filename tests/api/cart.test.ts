// /api/cart/*: the signed-in shopper's cart (docs/product/checkout.md#cart-rules, docs/product/shopper-api.md#cart).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, registerCustomer, type Customer, type TestApp } from "../helpers/app.ts";
import { expectError, expiredToken, forgedToken, liveProducts, post, type CatalogueProduct } from "./commerce-fixtures.ts";

let t: TestApp;
let products: CatalogueProduct[];
beforeAll(async () => {
  t = await buildTestApp();
  products = await liveProducts(t);
});
afterAll(() => t.close());

const cartOf = async (c: Customer, app: TestApp = t) => {
  const res = await post(app, "/api/cart/get", {}, c.auth);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { cartData: Record<string, Record<string, number>> }).cartData;
};

describe("POST /api/cart/add", () => {
  it("adds one of the product in that size and says so in Portuguese", async () => {
    const c = await registerCustomer(t.app);
    const p = products[0]!;
    const res = await post(t, "/api/cart/add", { itemId: p.id, size: p.sizes[0] }, c.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "Produto adicionado ao carrinho!" });
    expect(await cartOf(c)).toEqual({ [p.id]: { [p.sizes[0]!]: 1 } });
  });

  it("increments the quantity of a product+size pair that is already there, and keeps sizes apart", async () => {
    const c = await registerCustomer(t.app);
    const p = products.find((x) => x.sizes.length >= 2)!;
    await post(t, "/api/cart/add", { itemId: p.id, size: p.sizes[0] }, c.auth);
    await post(t, "/api/cart/add", { itemId: p.id, size: p.sizes[0] }, c.auth);
    await post(t, "/api/cart/add", { itemId: p.id, size: p.sizes[1] }, c.auth);
    expect(await cartOf(c)).toEqual({ [p.id]: { [p.sizes[0]!]: 2, [p.sizes[1]!]: 1 } });
  });

  it("refuses an add without a size with the fixed 'Select Product Size'", async () => {
    const c = await registerCustomer(t.app);
    expectError(await post(t, "/api/cart/add", { itemId: products[0]!.id, size: "" }, c.auth), 400, "Select Product Size");
    expectError(await post(t, "/api/cart/add", { itemId: products[0]!.id, size: "   " }, c.auth), 400, "Select Product Size");
    expect(await cartOf(c)).toEqual({});
  });

  it("refuses a size the product does not offer with 400", async () => {
    const c = await registerCustomer(t.app);
    expectError(
      await post(t, "/api/cart/add", { itemId: products[0]!.id, size: "Tamanho-inexistente" }, c.auth),
      400,
      "Tamanho não disponível para este produto",
    );
    expect(await cartOf(c)).toEqual({});
  });

  it("refuses an unknown product and a deleted one with 404", async () => {
    const c = await registerCustomer(t.app);
    expectError(await post(t, "/api/cart/add", { itemId: "nao-existe-123", size: "M" }, c.auth), 404, "Produto não encontrado");
    const gone = products[products.length - 1]!;
    await t.prisma.product.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
    try {
      expectError(await post(t, "/api/cart/add", { itemId: gone.id, size: gone.sizes[0] }, c.auth), 404, "Produto não encontrado");
    } finally {
      await t.prisma.product.update({ where: { id: gone.id }, data: { deletedAt: null } });
    }
  });

  it.each([
    [{ size: "M" }, "Campo obrigatório em falta: itemId"],
    [{ itemId: "abc" }, "Campo obrigatório em falta: size"],
    [{ itemId: 12, size: "M" }, "Tipo inválido no campo itemId"],
    [{ itemId: "abc", size: ["M"] }, "Tipo inválido no campo size"],
    [{ itemId: "a b/c", size: "M" }, "Valor inválido no campo itemId"],
    [{ itemId: "abc", size: "M", quantity: 5 }, "Campo não permitido: quantity"],
    [{ itemId: "abc", size: "M", price: 1 }, "Campo não permitido: price"],
    [{ itemId: "abc", size: "x".repeat(101) }, "O campo size é demasiado longo"],
  ])("refuses a malformed body %j with 400", async (payload, message) => {
    const c = await registerCustomer(t.app);
    expectError(await post(t, "/api/cart/add", payload, c.auth), 400, message);
  });
});

// Concurrent adds are written in batches (server/domain/cart/adder.ts): once with one batch in flight, so
// concurrent adds always share statements, and once with the settings the shop uses on this database.
describe.each([
  ["one batch in flight", { cartBatch: { concurrency: 1, maxBatch: 200 } }],
  ["the shop's own batching settings", undefined],
])("POST /api/cart/add, many at once, with %s", (_settings, deps) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ deps });
  });
  afterAll(() => app.close());

  it("loses no update when 20 adds of the same line arrive at once: the line ends at 20", async () => {
    const c = await registerCustomer(app.app);
    const p = products[1]!;
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => post(app, "/api/cart/add", { itemId: p.id, size: p.sizes[0] }, c.auth)),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await cartOf(c, app)).toEqual({ [p.id]: { [p.sizes[0]!]: 20 } });
  });

  it("answers each of many different adds arriving at once as if it came alone (under load they share statements)", async () => {
    const [a, b, c] = await Promise.all([registerCustomer(app.app), registerCustomer(app.app), registerCustomer(app.app)]);
    const [p1, p2, p3] = [products[2]!, products[3]!, products[4]!];
    const gone = products[products.length - 2]!;
    await app.prisma.product.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
    // A genuine token whose account is not in the database: its adds fail alone, not the others'.
    const ghost = {
      authorization: `Bearer ${await app.deps.tokens.sign({ userId: "conta-que-nao-existe", role: "customer", sessionVersion: 0 })}`,
    };
    type Call = [headers: Record<string, string>, body: { itemId: string; size: string }, status: number];
    const times = (n: number, call: Call): Call[] => Array.from({ length: n }, () => call);
    const groups: Call[][] = [
      times(5, [a.auth, { itemId: p1.id, size: p1.sizes[0]! }, 200]),
      times(3, [b.auth, { itemId: p1.id, size: p1.sizes[0]! }, 200]),
      times(2, [a.auth, { itemId: p2.id, size: p2.sizes[0]! }, 200]),
      times(4, [b.auth, { itemId: p2.id, size: p2.sizes[0]! }, 200]),
      times(1, [a.auth, { itemId: p3.id, size: p3.sizes[0]! }, 200]),
      times(2, [c.auth, { itemId: "nao-existe-456", size: "M" }, 404]),
      times(2, [c.auth, { itemId: p1.id, size: "Tamanho-inexistente" }, 400]),
      times(2, [c.auth, { itemId: gone.id, size: gone.sizes[0]! }, 404]),
      times(2, [ghost, { itemId: p1.id, size: p1.sizes[0]! }, 401]),
    ];
    // Interleaved, so the good and the bad are mixed within every batch.
    const calls = Array.from({ length: 5 }, (_, i) => groups.flatMap((g) => (g[i] ? [g[i]] : []))).flat();
    try {
      const replies = await Promise.all(calls.map(([headers, body]) => post(app, "/api/cart/add", body, headers)));
      expect(replies.map((r) => r.statusCode)).toEqual(calls.map(([, , status]) => status));
      expect(await cartOf(a, app)).toEqual({
        [p1.id]: { [p1.sizes[0]!]: 5 },
        [p2.id]: { [p2.sizes[0]!]: 2 },
        [p3.id]: { [p3.sizes[0]!]: 1 },
      });
      expect(await cartOf(b, app)).toEqual({ [p1.id]: { [p1.sizes[0]!]: 3 }, [p2.id]: { [p2.sizes[0]!]: 4 } });
      expect(await cartOf(c, app)).toEqual({});
    } finally {
      await app.prisma.product.update({ where: { id: gone.id }, data: { deletedAt: null } });
    }
  });
});

describe("POST /api/cart/update", () => {
  it("sets the quantity of a line and answers 'Carrinho atualizado'", async () => {
    const c = await registerCustomer(t.app);
    const p = products[2]!;
    const res = await post(t, "/api/cart/update", { itemId: p.id, size: p.sizes[0], quantity: 7 }, c.auth);
    expect(res.json()).toEqual({ success: true, message: "Carrinho atualizado" });
    expect(await cartOf(c)).toEqual({ [p.id]: { [p.sizes[0]!]: 7 } });
    await post(t, "/api/cart/update", { itemId: p.id, size: p.sizes[0], quantity: 3 }, c.auth);
    expect(await cartOf(c)).toEqual({ [p.id]: { [p.sizes[0]!]: 3 } });
  });

  it("removes the line when the quantity is 0, even for a product that left the catalogue", async () => {
    const c = await registerCustomer(t.app);
    const [a, b] = [products[3]!, products[4]!];
    await post(t, "/api/cart/add", { itemId: a.id, size: a.sizes[0] }, c.auth);
    await post(t, "/api/cart/add", { itemId: b.id, size: b.sizes[0] }, c.auth);
    expect((await post(t, "/api/cart/update", { itemId: a.id, size: a.sizes[0], quantity: 0 }, c.auth)).statusCode).toBe(200);
    expect(await cartOf(c)).toEqual({ [b.id]: { [b.sizes[0]!]: 1 } });
    await t.prisma.product.update({ where: { id: b.id }, data: { deletedAt: new Date() } });
    try {
      expect((await post(t, "/api/cart/update", { itemId: b.id, size: b.sizes[0], quantity: 0 }, c.auth)).statusCode).toBe(200);
      expect(await t.prisma.cartLine.count({ where: { userId: c.userId } })).toBe(0);
    } finally {
      await t.prisma.product.update({ where: { id: b.id }, data: { deletedAt: null } });
    }
  });

  it.each([
    [-1, "Valor inválido no campo quantity"],
    [1000, "Valor inválido no campo quantity"],
    [1.5, "Tipo inválido no campo quantity"],
    ["2", "Tipo inválido no campo quantity"],
    [null, "Tipo inválido no campo quantity"],
  ])("refuses quantity %j with 400 (an integer from 0 to 999)", async (quantity, message) => {
    const c = await registerCustomer(t.app);
    const p = products[0]!;
    expectError(await post(t, "/api/cart/update", { itemId: p.id, size: p.sizes[0], quantity }, c.auth), 400, message);
  });

  it("refuses a size the product does not offer, an unknown product and a missing size", async () => {
    const c = await registerCustomer(t.app);
    const p = products[0]!;
    expectError(
      await post(t, "/api/cart/update", { itemId: p.id, size: "Nada", quantity: 2 }, c.auth),
      400,
      "Tamanho não disponível para este produto",
    );
    expectError(
      await post(t, "/api/cart/update", { itemId: "desconhecido", size: "M", quantity: 2 }, c.auth),
      404,
      "Produto não encontrado",
    );
    expectError(await post(t, "/api/cart/update", { itemId: p.id, size: "", quantity: 2 }, c.auth), 400, "Select Product Size");
  });
});

describe("POST /api/cart/get", () => {
  it("answers an empty cartData for a new customer", async () => {
    const c = await registerCustomer(t.app);
    expect((await post(t, "/api/cart/get", {}, c.auth)).json()).toEqual({ success: true, cartData: {} });
  });

  it("shows only the caller's own lines", async () => {
    const [alice, bob] = [await registerCustomer(t.app), await registerCustomer(t.app)];
    const p = products[5]!;
    await post(t, "/api/cart/add", { itemId: p.id, size: p.sizes[0] }, alice.auth);
    expect(await cartOf(bob)).toEqual({});
    expect(Object.keys(await cartOf(alice))).toEqual([p.id]);
  });

  it("leaves out lines of products that were deleted since they were added", async () => {
    const c = await registerCustomer(t.app);
    const p = products[6]!;
    await post(t, "/api/cart/add", { itemId: p.id, size: p.sizes[0] }, c.auth);
    await t.prisma.product.update({ where: { id: p.id }, data: { deletedAt: new Date() } });
    try {
      expect(await cartOf(c)).toEqual({});
    } finally {
      await t.prisma.product.update({ where: { id: p.id }, data: { deletedAt: null } });
    }
  });

  it("refuses fields in its empty body", async () => {
    const c = await registerCustomer(t.app);
    expectError(await post(t, "/api/cart/get", { userId: "someone-else" }, c.auth), 400, "Campo não permitido: userId");
  });
});

describe("POST /api/cart/merge", () => {
  it("adds a guest's local cart to the account's, skipping unknown or deleted products, unknown sizes and zero quantities", async () => {
    const c = await registerCustomer(t.app);
    const [a, b, gone] = [products[7]!, products[8]!, products[10]!];
    await post(t, "/api/cart/add", { itemId: a.id, size: a.sizes[0] }, c.auth);
    await t.prisma.product.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
    const res = await post(
      t,
      "/api/cart/merge",
      {
        cartData: {
          [a.id]: { [a.sizes[0]!]: 2, "Sem-tal-tamanho": 4 },
          [b.id]: { [b.sizes[0]!]: 1 },
          "produto-fantasma": { M: 3 },
          [products[9]!.id]: { [products[9]!.sizes[0]!]: 0 },
          [gone.id]: { [gone.sizes[0]!]: 2 },
        },
      },
      c.auth,
    ).finally(() => t.prisma.product.update({ where: { id: gone.id }, data: { deletedAt: null } }));
    expect(res.statusCode, res.body).toBe(200);
    const expected = { [a.id]: { [a.sizes[0]!]: 3 }, [b.id]: { [b.sizes[0]!]: 1 } };
    expect(res.json()).toEqual({ success: true, cartData: expected });
    expect(await cartOf(c)).toEqual(expected);
  });

  it("caps a merged line at 999 and refuses quantities out of bounds", async () => {
    const c = await registerCustomer(t.app);
    const p = products[10]!;
    await post(t, "/api/cart/update", { itemId: p.id, size: p.sizes[0], quantity: 990 }, c.auth);
    const res = await post(t, "/api/cart/merge", { cartData: { [p.id]: { [p.sizes[0]!]: 50 } } }, c.auth);
    expect((res.json() as { cartData: Record<string, Record<string, number>> }).cartData[p.id]).toEqual({ [p.sizes[0]!]: 999 });
    expectError(await post(t, "/api/cart/merge", { cartData: { [p.id]: { [p.sizes[0]!]: 1000 } } }, c.auth), 400);
    expectError(await post(t, "/api/cart/merge", { cartData: { [p.id]: { [p.sizes[0]!]: -1 } } }, c.auth), 400);
    expectError(await post(t, "/api/cart/merge", { cartData: { "bad id!": { M: 1 } } }, c.auth), 400);
    expectError(await post(t, "/api/cart/merge", {}, c.auth), 400, "Campo obrigatório em falta: cartData");
  });

  it("merges a guest cart once per Idempotency-Key: replays add nothing and answer the cart, a new key adds again", async () => {
    const c = await registerCustomer(t.app);
    const [a, b] = [products[11]!, products[12]!];
    const guest = { cartData: { [a.id]: { [a.sizes[0]!]: 2 }, [b.id]: { [b.sizes[0]!]: 1 } } };
    const once = { [a.id]: { [a.sizes[0]!]: 2 }, [b.id]: { [b.sizes[0]!]: 1 } };
    const withKey = (key: string) => ({ ...c.auth, "idempotency-key": key });
    // The page reloaded while the first merge was in flight: the same key, one after another and all at once.
    for (let i = 0; i < 3; i++) {
      const res = await post(t, "/api/cart/merge", guest, withKey("guest-cart-1"));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, cartData: once });
    }
    const replies = await Promise.all(Array.from({ length: 10 }, () => post(t, "/api/cart/merge", guest, withKey("guest-cart-1"))));
    for (const res of replies) expect(res.json()).toEqual({ success: true, cartData: once });
    expect(await cartOf(c)).toEqual(once);
    // Another guest cart (another key) is merged.
    await post(t, "/api/cart/merge", guest, withKey("guest-cart-2"));
    expect(await cartOf(c)).toEqual({ [a.id]: { [a.sizes[0]!]: 4 }, [b.id]: { [b.sizes[0]!]: 2 } });
  });

  it("ten different keys sent at once all merge, and one customer's key never stops another's merge", async () => {
    const [c, d] = await Promise.all([registerCustomer(t.app), registerCustomer(t.app)]);
    const p = products[13]!;
    const guest = { cartData: { [p.id]: { [p.sizes[0]!]: 1 } } };
    await Promise.all(Array.from({ length: 10 }, (_, i) => post(t, "/api/cart/merge", guest, { ...c.auth, "idempotency-key": `k${i}` })));
    await post(t, "/api/cart/merge", guest, { ...d.auth, "idempotency-key": "k0" });
    expect(await cartOf(c)).toEqual({ [p.id]: { [p.sizes[0]!]: 10 } });
    expect(await cartOf(d)).toEqual({ [p.id]: { [p.sizes[0]!]: 1 } });
  });

  it("answers 401 when the token's account no longer exists, with or without a key", async () => {
    const ghost = {
      authorization: `Bearer ${await t.deps.tokens.sign({ userId: "conta-apagada-ha-pouco", role: "customer", sessionVersion: 0 })}`,
    };
    const guest = { cartData: { [products[0]!.id]: { [products[0]!.sizes[0]!]: 1 } } };
    const expired = "Sessão expirada. Por favor, faça login novamente.";
    expectError(await post(t, "/api/cart/merge", guest, { ...ghost, "idempotency-key": "k" }), 401, expired);
    expectError(await post(t, "/api/cart/merge", guest, ghost), 401, expired);
  });

  it("refuses an empty or over-long Idempotency-Key", async () => {
    const c = await registerCustomer(t.app);
    const p = products[14]!;
    const guest = { cartData: { [p.id]: { [p.sizes[0]!]: 1 } } };
    expectError(await post(t, "/api/cart/merge", guest, { ...c.auth, "idempotency-key": "x".repeat(101) }), 400);
    expectError(await post(t, "/api/cart/merge", guest, { ...c.auth, "idempotency-key": "" }), 400);
    expect(await cartOf(c)).toEqual({});
  });
});

describe("cart authentication", () => {
  const routes: [string, () => object][] = [
    ["/api/cart/add", () => ({ itemId: products[0]!.id, size: products[0]!.sizes[0] })],
    ["/api/cart/update", () => ({ itemId: products[0]!.id, size: products[0]!.sizes[0], quantity: 2 })],
    ["/api/cart/get", () => ({})],
    ["/api/cart/merge", () => ({ cartData: {} })],
  ];
  const expired = "Sessão expirada. Por favor, faça login novamente.";

  it.each(routes)("%s answers 401 without a token, with a forged one and with an expired one", async (url, body) => {
    const c = await registerCustomer(t.app);
    expectError(await post(t, url, body()), 401, expired);
    expectError(await post(t, url, body(), { authorization: `Bearer ${await forgedToken(c.userId)}` }), 401, expired);
    expectError(await post(t, url, body(), { authorization: `Bearer ${await expiredToken(c.userId)}` }), 401, expired);
    expectError(await post(t, url, body(), { authorization: "Bearer não-é-um-jwt" }), 401, expired);
    expect(await t.prisma.cartLine.count({ where: { userId: c.userId } })).toBe(0);
  });
});
