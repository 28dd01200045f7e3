import { NumberField, type NumberFieldProps } from "react-admin";

const TWO_DECIMALS = { minimumFractionDigits: 2, maximumFractionDigits: 2 };

/** A kwanza amount in a list or show column: the number with two decimals, the column's label names the currency. */
export function AmountField(props: Omit<NumberFieldProps, "options" | "locales">) {
  return <NumberField {...props} options={TWO_DECIMALS} locales="pt-AO" />;
}
// Datagrid reads the alignment from the element's type, as it does for NumberField.
AmountField.textAlign = "right" as const;
