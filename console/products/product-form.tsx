import type { ReactElement } from "react";
import { BooleanInput, SimpleForm, TextArrayInput, TextInput, maxLength, required, useTranslate } from "react-admin";
import { CategoryInputs } from "./category-inputs.tsx";
import { ImagesInput } from "./images-input.tsx";
import { validPrice } from "./price.ts";
import { KwanzaInput } from "../components/kwanza-input.tsx";
import { StockInputs } from "./stock-inputs.tsx";

// Shoppers must pick a size or colour to add to the cart, so a product needs at least one.
const atLeastOneSize = (value: unknown) => (Array.isArray(value) && value.length > 0 ? undefined : "loja.products.sizes_required");

export function ProductForm({ toolbar }: { toolbar?: ReactElement }) {
  const translate = useTranslate();
  return (
    <SimpleForm
      toolbar={toolbar}
      defaultValues={{ sizes: [], stock: {}, bestseller: false, hidden: false, soldOut: false, images: [], description: "" }}
    >
      <TextInput source="name" validate={[required(), maxLength(200)]} fullWidth />
      <TextInput source="description" multiline minRows={3} validate={maxLength(10000)} fullWidth />
      <KwanzaInput source="price" validate={[required(), validPrice]} />
      <TextArrayInput source="sizes" validate={atLeastOneSize} helperText={translate("loja.products.sizes_help")} fullWidth />
      <StockInputs />
      <CategoryInputs />
      <BooleanInput source="bestseller" />
      <BooleanInput source="soldOut" helperText={translate("loja.products.sold_out_help")} />
      <BooleanInput source="hidden" helperText={translate("loja.products.hidden_help")} />
      <ImagesInput />
    </SimpleForm>
  );
}
