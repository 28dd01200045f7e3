import { useEffect, useRef } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { SelectInput, required } from "react-admin";
import { toChoices, useTaxonomy } from "./use-taxonomy.ts";

/** Category and sub-category as dependent selects: changing the category clears a sub-category that no longer fits. */
export function CategoryInputs() {
  const { data: categories = [], isPending } = useTaxonomy();
  const category = useWatch({ name: "category" }) as string | undefined;
  const subCategory = useWatch({ name: "subCategory" }) as string | undefined;
  const { setValue } = useFormContext();
  const subs = categories.find((c) => c.name === category)?.subCategories ?? [];
  const first = useRef(true);

  useEffect(() => {
    if (first.current) { first.current = false; return; }
    if (subCategory && !subs.includes(subCategory)) setValue("subCategory", "", { shouldDirty: true });
  }, [category]); // eslint-disable-line react-hooks/exhaustive-deps -- only a category change may clear the sub-category

  return (
    <>
      <SelectInput source="category" choices={toChoices(categories.map((c) => c.name))} validate={required()} isPending={isPending} />
      <SelectInput source="subCategory" choices={toChoices(subs)} validate={required()} disabled={!category} />
    </>
  );
}
