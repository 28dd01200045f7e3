// Stock per product and size (docs/product/orders.md#stock): what staff call low, and the words the shop says.

/** A tracked size with this many units or fewer is "low" in the console's filter. */
export const LOW_STOCK = 3;

/** A line of an order asks for more units than are left of its size: nothing of the order is taken. */
export const notEnoughStock = (name: string, size: string) =>
  `Já não há unidades suficientes de "${name}" no tamanho ${size}. Ajuste a quantidade ou escolha outro tamanho.`;

/** Adding a size whose units are all gone. */
export const SIZE_SOLD_OUT = "Este tamanho está esgotado";

/** The sizes of a product with no unit left (tracked sizes at 0). */
export const soldOutSizes = (stock: readonly { size: string; quantity: number }[]): string[] =>
  stock.filter((s) => s.quantity <= 0).map((s) => s.size);
