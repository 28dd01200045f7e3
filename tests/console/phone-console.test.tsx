// The console as staff use it on a phone: every kwanza input is one field reading amounts as people in Angola write
// them and showing them back before saving; a price that falls by more than half is confirmed first; the order's
// status actions are named in visible text and the moves that end an order ask first.
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AdminContext, RecordContextProvider, ResourceContextProvider, type DataProvider } from "react-admin";
import polyglotI18nProvider from "ra-i18n-polyglot";
import type { ReactNode } from "react";
import { ptMessages } from "../../console/i18n/pt.ts";
import { PaymentDialog, RefundDialog } from "../../console/orders/payment-dialogs.tsx";
import { StatusButtons } from "../../console/orders/status-buttons.tsx";
import { ProductEdit } from "../../console/products/product-edit.tsx";
import type { AdminOrder } from "../../server/schemas/admin-orders.ts";
import { staffOrder } from "./order-fixtures.ts";

const i18nProvider = polyglotI18nProvider(() => ptMessages, "pt");
const inConsole = (ui: ReactNode, dataProvider?: Partial<DataProvider>) =>
  render(
    <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider as DataProvider}>
      {ui}
    </AdminContext>,
  );
/** Types a whole value at once (as pasting it): MUI re-renders on each key, and typing is slow on a busy machine. */
const fill = async (field: HTMLElement, text: string) => {
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(text);
};
/** formatKz joins digit groups with U+00A0. */
const echo = () => screen.getByTestId("kwanza-echo").textContent?.replace(/\u00a0/g, " ");

describe("every kwanza input of the console", () => {
  it("reads 29.990, 29 990, 29990 and 29990,00 as 29 990 kz in the payment dialog, shows it back, and sends that", async () => {
    const sent: unknown[] = [];
    inConsole(
      <PaymentDialog
        open
        title="Registar"
        submitLabel="Registar pagamento"
        onClose={() => undefined}
        onSubmit={async (b) => void sent.push(b)}
      />,
    );
    const amount = screen.getByLabelText(/Montante/);
    for (const typed of ["29.990", "29 990", "29990", "29990,00"]) {
      await fill(amount, typed);
      expect(echo(), typed).toBe("29 990,00 kz");
    }
    await fill(amount, "12500,50");
    expect(echo()).toBe("12 500,50 kz");
    await fill(amount, "29.990");
    await fill(screen.getByLabelText(/Referência bancária/), "BAI-1");
    await userEvent.click(screen.getByRole("button", { name: "Registar pagamento" }));
    expect(sent).toEqual([{ amount: 29990, bankReference: "BAI-1" }]);
  });

  it("does the same in the refund dialog, which starts empty, says how much at most, and asks why", async () => {
    const sent: unknown[] = [];
    inConsole(<RefundDialog open held={31910} onClose={() => undefined} onSubmit={async (b) => void sent.push(b)} />);
    const amount = screen.getByLabelText(/Montante/);
    expect((amount as HTMLInputElement).value).toBe("");
    screen.getByText(/No máximo 31\s910,00\s*kz/);
    await fill(amount, "12500,50");
    expect(echo()).toBe("12 500,50 kz");
    await fill(amount, "29.990");
    expect(echo()).toBe("29 990,00 kz");
    await userEvent.click(screen.getByLabelText(/Por devolver/));
    await userEvent.click(screen.getByRole("button", { name: "Registar devolução" }));
    // No reason: nothing is sent, the field says so.
    expect(sent).toEqual([]);
    screen.getByText("Escreva o motivo da devolução");
    await fill(screen.getByRole("textbox", { name: /Motivo/ }), "Artigo com defeito");
    await userEvent.click(screen.getByRole("button", { name: "Registar devolução" }));
    expect(sent).toEqual([{ amount: 29990, pending: true, note: "Artigo com defeito" }]);
  });

  it("edits a product's price the same way, and asks before a price falls by more than half", async () => {
    const product = {
      id: "prod1",
      name: "Camisa",
      description: "",
      price: 29990,
      sizes: ["M"],
      category: "Moda",
      subCategory: "Moda Masculina",
      bestseller: false,
      hidden: false,
      soldOut: false,
      images: [{ mediaId: "media1", thumbId: null, url: "/media/a", thumbnailUrl: "/media/a" }],
    };
    const updates: { price: unknown }[] = [];
    const dataProvider = {
      getOne: async () => ({ data: product }),
      update: async (_resource: string, params: { data: { price: unknown } }) => {
        updates.push({ price: params.data.price });
        return { data: { ...product, ...params.data } };
      },
      getTaxonomy: async () => [{ name: "Moda", subCategories: ["Moda Masculina"] }],
    } as unknown as Partial<DataProvider>;
    inConsole(
      <ResourceContextProvider value="products">
        <ProductEdit id="prod1" />
      </ResourceContextProvider>,
      dataProvider,
    );
    const price = await screen.findByTestId("kwanza-price");
    expect(price).toHaveValue("29990");
    // "29,99" is what "29.990" became when the field was a number input: a thousand-fold fall.
    await fill(price, "29,99");
    expect(echo()).toBe("29,99 kz");
    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("Reduzir o preço para menos de metade?");
    expect(updates).toEqual([]);
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // A smaller fall is saved at once.
    await fill(price, "19.990,00");
    expect(echo()).toBe("19 990,00 kz");
    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(updates).toEqual([{ price: 19990 }]));
  });
});

const order = (over: Partial<AdminOrder>) => staffOrder({ status: "Enviado", ...over });

describe("the order's status actions", () => {
  it("names every action in visible text, icons beside it (never an icon alone)", () => {
    inConsole(
      <RecordContextProvider value={order({ allowedMoves: { forward: ["Entregue"], exceptions: ["Em Preparação", "Cancelado"] } })}>
        <StatusButtons />
      </RecordContextProvider>,
    );
    const buttons = within(screen.getByTestId("status-moves")).getAllByRole("button");
    expect(buttons.map((b) => b.textContent)).toEqual(["Entregue", "Outro estado…"]);
  });

  it("asks before moving an order to Entregue, and moves it only when confirmed", async () => {
    const moved: unknown[] = [];
    const record = order({ allowedMoves: { forward: ["Entregue"], exceptions: [] } });
    inConsole(
      <ResourceContextProvider value="orders">
        <RecordContextProvider value={record}>
          <StatusButtons />
        </RecordContextProvider>
      </ResourceContextProvider>,
      {
        update: async (_resource: string, params: { data: unknown }) => {
          moved.push(params.data);
          return { data: { ...record, status: "Entregue" } };
        },
      } as unknown as Partial<DataProvider>,
    );
    await userEvent.click(within(screen.getByTestId("status-moves")).getByRole("button", { name: "Entregue" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("Marcar o pedido #0000C1 como entregue?");
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(moved).toEqual([]);
    await userEvent.click(within(screen.getByTestId("status-moves")).getByRole("button", { name: "Entregue" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Confirmar" }));
    await waitFor(() => expect(moved).toEqual([{ status: "Entregue" }]));
  });

  it("asks what to tell the shopper when moving to Enviado: carrier, tracking, expected date — or, for a pickup, until when", async () => {
    const moved: unknown[] = [];
    const inPreparation = (over: Partial<AdminOrder>) =>
      order({ status: "Em Preparação", allowedMoves: { forward: ["Enviado"], exceptions: [] }, ...over });
    const dataProvider = {
      update: async (_resource: string, params: { data: unknown }) => {
        moved.push(params.data);
        return { data: { ...inPreparation({}), status: "Enviado" } };
      },
    } as unknown as Partial<DataProvider>;
    const view = inConsole(
      <ResourceContextProvider value="orders">
        <RecordContextProvider value={inPreparation({})}>
          <StatusButtons />
        </RecordContextProvider>
      </ResourceContextProvider>,
      dataProvider,
    );
    await userEvent.click(within(screen.getByTestId("status-moves")).getByRole("button", { name: "Enviado" }));
    const dialog = await screen.findByTestId("shipment-dialog");
    await fill(within(dialog).getByLabelText("Transportadora"), "Expresso Luanda");
    await fill(within(dialog).getByLabelText("Código de seguimento"), "EL-2211");
    await fill(within(dialog).getByLabelText("Link de seguimento"), "expresso.ao/EL-2211");
    await userEvent.click(within(dialog).getByRole("button", { name: "Marcar como enviada" }));
    expect(within(dialog).getByText(/a começar por https:\/\//)).toBeInTheDocument();
    expect(moved).toEqual([]);
    await fill(within(dialog).getByLabelText("Link de seguimento"), "https://expresso.ao/EL-2211");
    await userEvent.click(within(dialog).getByRole("button", { name: "Marcar como enviada" }));
    await waitFor(() =>
      expect(moved).toEqual([
        {
          status: "Enviado",
          shipment: { carrier: "Expresso Luanda", trackingCode: "EL-2211", trackingUrl: "https://expresso.ao/EL-2211" },
        },
      ]),
    );
    view.unmount();

    const pickup = {
      kind: "pickup",
      name: "Ponto Nova Vida",
      fee: 0,
      eta: "pronto em 24 h",
      address: "Rua 5, Nova Vida",
    } as AdminOrder["delivery"];
    inConsole(
      <ResourceContextProvider value="orders">
        <RecordContextProvider value={inPreparation({ delivery: pickup })}>
          <StatusButtons />
        </RecordContextProvider>
      </ResourceContextProvider>,
      dataProvider,
    );
    await userEvent.click(within(screen.getByTestId("status-moves")).getByRole("button", { name: "Enviado" }));
    const ready = await screen.findByTestId("shipment-dialog");
    expect(ready).toHaveTextContent("Pronta para levantar");
    expect(within(ready).queryByLabelText("Transportadora")).toBeNull();
    await userEvent.click(within(ready).getByRole("button", { name: "Avisar o cliente" }));
    await waitFor(() => expect(moved.at(-1)).toEqual({ status: "Enviado" }));
  });
});
