import { useFormContext, useWatch } from "react-hook-form";
import { SelectInput, required } from "react-admin";
import { toChoices, useTaxonomy } from "./use-taxonomy.ts";

/** Category and sub-category as dependent selects: picking another category clears a sub-category that no longer fits. */
export function CategoryInputs() {
  const { data: categories = [], isPending } = useTaxonomy();
  const category = useWatch({ name: "category" }) as string | undefined;
  const { getValues, setValue } = useFormContext();
  const subsOf = (name: string | undefined) => categories.find((c) => c.name === name)?.subCategories ?? [];

  const onCategoryChange = (event: unknown) => {
    const next = (event as { target?: { value?: unknown } } | null)?.target?.value;
    const sub = getValues("subCategory") as string | undefined;
    if (sub && !subsOf(typeof next === "string" ? next : undefined).includes(sub)) setValue("subCategory", "", { shouldDirty: true });
  };

  return (
    <>
      <SelectInput
        source="category"
        choices={toChoices(categories.map((c) => c.name))}
        validate={required()}
        isPending={isPending}
        onChange={onCategoryChange}
      />
      <SelectInput source="subCategory" choices={toChoices(subsOf(category))} validate={required()} disabled={!category} />
    </>
  );
}
