import {
  BooleanField,
  BooleanInput,
  CreateButton,
  Datagrid,
  EditButton,
  ExportButton,
  FunctionField,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  useListContext,
} from "react-admin";
import type { AdminProduct } from "../../server/schemas/admin-products.ts";
import { toChoices, useTaxonomy } from "./use-taxonomy.ts";
import { AmountField } from "../components/amount-field.tsx";
import { productExporter } from "./export.ts";

function SubCategoryFilter(props: { source: string; alwaysOn?: boolean }) {
  const { data: categories = [] } = useTaxonomy();
  const { filterValues } = useListContext();
  const category = (filterValues as { category?: string }).category;
  const subs = category ? (categories.find((c) => c.name === category)?.subCategories ?? []) : categories.flatMap((c) => c.subCategories);
  return <SelectInput {...props} choices={toChoices(subs)} />;
}

function CategoryFilter(props: { source: string; alwaysOn?: boolean }) {
  const { data: categories = [] } = useTaxonomy();
  return <SelectInput {...props} choices={toChoices(categories.map((c) => c.name))} />;
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <CategoryFilter key="category" source="category" alwaysOn />,
  <SubCategoryFilter key="subCategory" source="subCategory" alwaysOn />,
  <NullableBooleanInput key="bestseller" source="bestseller" />,
  <BooleanInput key="lowStock" source="lowStock" />,
];

const Actions = () => (
  <TopToolbar>
    <CreateButton />
    <ExportButton />
  </TopToolbar>
);

export function ProductList() {
  return (
    <List filters={filters} sort={{ field: "createdAt", order: "DESC" }} actions={<Actions />} perPage={25} exporter={productExporter}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <FunctionField<AdminProduct>
          source="thumbnail"
          sortable={false}
          render={(p) =>
            p.images[0] ? (
              <img
                src={p.images[0].thumbnailUrl}
                alt=""
                width={48}
                height={48}
                loading="lazy"
                style={{ objectFit: "cover", borderRadius: 4 }}
              />
            ) : null
          }
        />
        <TextField source="name" />
        <TextField source="category" />
        <TextField source="subCategory" />
        <AmountField source="price" />
        <BooleanField source="bestseller" />
        <BooleanField source="soldOut" />
        <BooleanField source="hidden" />
        <EditButton />
      </Datagrid>
    </List>
  );
}
