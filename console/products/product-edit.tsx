import { useState } from "react";
import { useFormContext } from "react-hook-form";
import {
  Confirm,
  Create,
  DeleteWithConfirmButton,
  Edit,
  SaveButton,
  Toolbar,
  useRecordContext,
  useSaveContext,
  useTranslate,
} from "react-admin";
import { Typography } from "@mui/material";
import { formatKz } from "../../shared/money.ts";
import { priceFallsSharply } from "../../shared/kwanza-input.ts";
import { ProductForm } from "./product-form.tsx";

/** Saves, but asks first when the price falls by more than half (a mistyped thousands separator, a lost digit). */
function PriceCheckedSaveButton() {
  const record = useRecordContext<{ price?: number }>();
  const { getValues } = useFormContext();
  const { save } = useSaveContext();
  const [asking, setAsking] = useState(false);
  const before = record?.price;
  const after = Number(getValues("price"));
  return (
    <>
      <SaveButton
        onClick={(e) => {
          if (priceFallsSharply(before, Number(getValues("price")))) {
            e.preventDefault();
            setAsking(true);
          }
        }}
      />
      <Confirm
        isOpen={asking}
        title="loja.products.price_drop_title"
        content="loja.products.price_drop_content"
        translateOptions={{ before: formatKz(before ?? 0), after: formatKz(Number.isFinite(after) ? after : 0) }}
        onConfirm={() => {
          setAsking(false);
          void save?.(getValues());
        }}
        onClose={() => setAsking(false)}
      />
    </>
  );
}

function EditToolbar() {
  const translate = useTranslate();
  return (
    <Toolbar sx={{ display: "flex", justifyContent: "space-between" }}>
      <PriceCheckedSaveButton />
      <Typography variant="caption" color="text.secondary">
        {translate("loja.products.delete_keeps_orders")}
      </Typography>
      <DeleteWithConfirmButton />
    </Toolbar>
  );
}

/** The product's edit page (`id` from the route, or given). */
export function ProductEdit({ id }: { id?: string }) {
  return (
    <Edit mutationMode="pessimistic" id={id}>
      <ProductForm toolbar={<EditToolbar />} />
    </Edit>
  );
}

export function ProductCreate() {
  return (
    <Create redirect="list">
      <ProductForm />
    </Create>
  );
}
