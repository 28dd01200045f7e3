// The shell's layout rules that need no browser layout: where the floating support button stays away, the contact
// title's one word, the IBAN alone wrapping anywhere, and toasts (one per message, errors gone on the next page).
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { catalogue, renderShop } from "./harness.tsx";
import { toast } from "../../storefront/lib/toast.ts";

const supportLink = () => screen.queryByRole("link", { name: /^Suporte/ });

describe("floating support button", () => {
  it("is on browse pages and away from pages whose own action sits at the bottom", async () => {
    for (const [path, shown] of [
      ["/about", true],
      ["/cart", false],
      ["/product/p1", false],
      ["/place-order", false],
      ["/confirmacaotransferencia", false],
      ["/orders", false],
    ] as const) {
      const { unmount } = renderShop(path, { products: catalogue(2), session: { token: "t" } });
      await screen.findByRole("contentinfo");
      expect(supportLink() !== null, path).toBe(shown);
      unmount();
    }
  });
});

it("the contact page's title reads CONTACTE-NOS, one word", async () => {
  renderShop("/contact");
  const heading = await screen.findByRole("heading", { level: 1 });
  expect(heading.textContent?.trim()).toBe("CONTACTE-NOS");
});

it("only the IBAN may wrap between any characters; the account holder's name wraps between words", async () => {
  renderShop("/confirmacaotransferencia", { session: { token: "t" } });
  const bank = await screen.findByTestId("bank-details");
  expect(within(bank).getByText("Loja Lda")).not.toHaveClass("bank-code");
  expect(within(bank).getByText("AO06 0000 0000 1234 5678 9012 3")).toHaveClass("bank-code");
});

describe("toasts", () => {
  /** The toasts on screen (entering, shown or leaving) that say `text`. */
  const shown = (text: string) => [...document.querySelectorAll(".Toastify__toast")].filter((t) => t.textContent?.includes(text));

  it("show a message raised twice once, and drop an error when the shopper moves to another page", async () => {
    renderShop("/about");
    await screen.findByRole("contentinfo");
    act(() => {
      toast.error("Não foi possível carregar");
      toast.error("Não foi possível carregar");
      toast.success("Dados guardados");
    });
    await waitFor(() => expect(shown("Não foi possível carregar")).toHaveLength(1));
    await waitFor(() => expect(shown("Dados guardados")).toHaveLength(1));
    act(() => toast.error("Não foi possível carregar"));
    await new Promise((r) => setTimeout(r, 50));
    expect(shown("Não foi possível carregar")).toHaveLength(1);

    await userEvent.click(within(screen.getByRole("contentinfo")).getByRole("link", { name: "CONTACTE-NOS" }));
    // Leaving: jsdom plays no animation, so the toast keeps its exit class instead of being removed.
    await waitFor(() => expect(shown("Não foi possível carregar")[0]?.className).toMatch(/exit/));
    expect(shown("Dados guardados")[0]?.className).not.toMatch(/exit/);
  }, 15_000);
});
