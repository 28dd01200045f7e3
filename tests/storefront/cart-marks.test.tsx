// The cart marks a line whose size sold out, or whose price changed since it was added on this device, and leaves it
// out of the total until the shopper acts (docs/product/checkout.md#cart-rules).
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { catalogue, renderShop } from "./harness.tsx";

afterEach(() => localStorage.clear());

describe("cart marks", () => {
  beforeEach(() => {
    localStorage.setItem("guestCart", JSON.stringify({ p1: { M: 1 }, p2: { L: 1 }, p3: { M: 1 } }));
    // p2 was added at 1 500 kz; it now costs 2 000 kz.
    localStorage.setItem("cartPrices", JSON.stringify({ [JSON.stringify(["p2", "L"])]: 1500, [JSON.stringify(["p3", "M"])]: 3000 }));
  });

  it("marks a sold-out size and a changed price, counts neither, and counts the line once the new price is accepted", async () => {
    renderShop("/cart", { products: catalogue(3, (n) => (n === 1 ? { soldOutSizes: ["M"] } : {})) });
    await screen.findAllByTestId("cart-line");
    expect(screen.getByTestId("line-sold-out")).toHaveTextContent("Esgotado");
    expect(screen.getByTestId("line-repriced")).toHaveTextContent(/O preço mudou de 1\s?500,00 kz para 2\s?000,00 kz/);
    // Only p3 (3 000 kz, price as seen) counts.
    expect(screen.getByTestId("subtotal")).toHaveTextContent(/^3\s?000,00 kz$/);
    fireEvent.click(screen.getByRole("button", { name: "Aceitar novo preço" }));
    await waitFor(() => expect(screen.getByTestId("subtotal")).toHaveTextContent(/^5\s?000,00 kz$/));
    expect(screen.queryByTestId("line-repriced")).toBeNull();
  });
});
