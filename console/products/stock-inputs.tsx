// Units in stock per size (docs/product/console.md#products): one box per size, empty = not tracked.
import { useInput, useTranslate } from "react-admin";
import { useWatch } from "react-hook-form";
import { Box, TextField, Typography } from "@mui/material";

type Stock = Record<string, number>;

/** The stock map kept for the sizes the product still has; a box left empty drops the size from tracking. */
export function StockInputs() {
  const translate = useTranslate();
  const sizes = (useWatch({ name: "sizes" }) as string[] | undefined) ?? [];
  const { field } = useInput({ source: "stock", defaultValue: {} });
  const stock = (field.value ?? {}) as Stock;
  const set = (size: string, text: string) => {
    const next: Stock = Object.fromEntries(Object.entries(stock).filter(([s]) => sizes.includes(s) && s !== size));
    const n = Number(text);
    if (text.trim() !== "" && Number.isInteger(n) && n >= 0) next[size] = n;
    field.onChange(next);
  };
  if (!sizes.length) return null;
  return (
    <Box sx={{ mb: 2 }} data-testid="stock-inputs">
      <Typography variant="subtitle2">{translate("loja.products.stock")}</Typography>
      <Typography variant="caption" color="text.secondary">
        {translate("loja.products.stock_help")}
      </Typography>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, mt: 1 }}>
        {sizes.map((size) => (
          <TextField
            key={size}
            label={size}
            size="small"
            value={stock[size] ?? ""}
            onChange={(e) => set(size, e.target.value)}
            slotProps={{ htmlInput: { inputMode: "numeric", "data-testid": `stock-${size}` } }}
            sx={{ width: 110 }}
          />
        ))}
      </Box>
    </Box>
  );
}
