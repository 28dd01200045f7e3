import { useState } from "react";
import { useInput, useTranslate, type InputProps } from "react-admin";
import { TextField } from "@mui/material";
import { formatKz } from "../../shared/money.ts";
import { parseKwanza } from "../../shared/kwanza-input.ts";

/**
 * A kwanza amount typed as people write it ("29.990", "29 990", "29990,00"): kept as typed while editing, stored
 * as the number it means, and shown back formatted ("29 990,00 kz") under the field before it is saved.
 */
export function KwanzaInput(props: InputProps & { label?: string; helperText?: string }) {
  const translate = useTranslate();
  const { field, fieldState, isRequired } = useInput({ ...props, parse: (v: unknown) => v, format: (v: unknown) => v });
  const [text, setText] = useState<string>(() => (typeof field.value === "number" ? String(field.value).replace(".", ",") : ""));
  const value = parseKwanza(text);
  const error = fieldState.error?.message;
  return (
    <TextField
      name={field.name}
      value={text}
      label={translate(props.label ?? `resources.products.fields.${props.source}`, { _: props.source })}
      required={isRequired}
      onChange={(e) => {
        setText(e.target.value);
        field.onChange(parseKwanza(e.target.value));
      }}
      onBlur={field.onBlur}
      error={Boolean(error) || (text.trim() !== "" && value === null)}
      helperText={
        error
          ? translate(error, { _: error })
          : value !== null
            ? formatKz(value)
            : text.trim()
              ? translate("loja.payments.amount_invalid")
              : props.helperText
      }
      slotProps={{ htmlInput: { inputMode: "decimal", "data-testid": `kwanza-${props.source}` } }}
      size="small"
      sx={{ minWidth: 240 }}
    />
  );
}
