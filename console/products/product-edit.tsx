import { Create, DeleteWithConfirmButton, Edit, SaveButton, Toolbar, useTranslate } from "react-admin";
import { Typography } from "@mui/material";
import { ProductForm } from "./product-form.tsx";

function EditToolbar() {
  const translate = useTranslate();
  return (
    <Toolbar sx={{ display: "flex", justifyContent: "space-between" }}>
      <SaveButton />
      <Typography variant="caption" color="text.secondary">
        {translate("loja.products.delete_keeps_orders")}
      </Typography>
      <DeleteWithConfirmButton />
    </Toolbar>
  );
}

export function ProductEdit() {
  return (
    <Edit mutationMode="pessimistic">
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
