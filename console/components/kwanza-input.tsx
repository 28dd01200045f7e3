import { useState } from "react";
import { useInput, useTranslate, type InputProps } from "react-admin";
import { TextField, type TextFieldProps } from "@mui/material";
import { formatKz } from "../../shared/money.ts";
import { kwanzaInputValue, parseKwanza } from "../../shared/kwanza-input.ts";

type KwanzaTextFieldProps = Omit<TextFieldProps, "value" | "onChange" | "type"> & {
  /** The text as typed ("29.990", "29 990", "29990,00"). */
  value: string;
  /** The new text and the amount it means (null when it is not an amount). */
  onChange(text: string, amount: number | null): void;
  /** A translated error of the caller's (required, a bound); the field adds its own for text that is not an amount. */
  errorText?: string;
};

/**
 * The console's one kwanza input: the amount as people in Angola write it (shared/kwanza-input.ts reads it), kept
 * as typed while editing, and shown back formatted under the field ("29 990,00 kz") before anything is saved, so a
 * thousands dot read as decimals is seen at once. Every money field of the console is this one.
 */
export function KwanzaTextField({ value, onChange, errorText, helperText, slotProps, ...rest }: KwanzaTextFieldProps) {
  const translate = useTranslate();
  const amount = parseKwanza(value);
  const invalid = value.trim() !== "" && amount === null;
  return (
    <TextField
      {...rest}
      value={value}
      onChange={(e) => onChange(e.target.value, parseKwanza(e.target.value))}
      error={Boolean(errorText) || invalid}
      helperText={
        errorText ??
        (amount !== null ? (
          <span data-testid="kwanza-echo">{formatKz(amount)}</span>
        ) : invalid ? (
          translate("loja.payments.amount_invalid")
        ) : (
          helperText
        ))
      }
      placeholder={rest.placeholder ?? "29 990,00"}
      slotProps={{ ...slotProps, htmlInput: { inputMode: "decimal", ...(slotProps?.htmlInput as object | undefined) } }}
    />
  );
}

/** The kwanza input inside a react-admin form (a product's price): the form holds the amount, the field the text. */
export function KwanzaInput({ zeroIsEmpty, ...props }: InputProps & { label?: string; helperText?: string; zeroIsEmpty?: boolean }) {
  const translate = useTranslate();
  const { field, fieldState, isRequired } = useInput({ ...props, parse: (v: unknown) => v, format: (v: unknown) => v });
  // `zeroIsEmpty`: an optional amount whose 0 means "none" (a coupon's minimum) starts empty, not as a red "0".
  const [text, setText] = useState<string>(() =>
    typeof field.value === "number" && !(zeroIsEmpty && field.value === 0) ? kwanzaInputValue(field.value) : "",
  );
  const error = fieldState.error?.message;
  return (
    <KwanzaTextField
      name={field.name}
      value={text}
      label={translate(props.label ?? `resources.products.fields.${props.source}`, { _: props.source })}
      required={isRequired}
      onChange={(next, amount) => {
        setText(next);
        field.onChange(amount);
      }}
      onBlur={field.onBlur}
      errorText={error ? translate(error, { _: error }) : undefined}
      helperText={props.helperText}
      slotProps={{ htmlInput: { "data-testid": `kwanza-${props.source}` } }}
      size="small"
      sx={{ minWidth: 240, maxWidth: "100%" }}
    />
  );
}
