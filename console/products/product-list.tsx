import {
  BooleanField,
  BooleanInput,
  CreateButton,
  Datagrid,
  EditButton,
  ExportButton,
  FilterButton,
  FunctionField,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectInput,
  SimpleList,
  TextField,
  TopToolbar,
  useListContext,
  useTranslate,
} from "react-admin";
import { Box, useMediaQuery, type Theme } from "@mui/material";
import type { AdminProduct } from "../../server/schemas/admin-products.ts";
import { LOW_STOCK } from "../../shared/stock.ts";
import { formatKz } from "../../shared/money.ts";
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
  // In view, not behind "Adicionar filtro": staff reach for it to know what to restock.
  <BooleanInput key="lowStock" source="lowStock" alwaysOn sx={{ ml: 1 }} />,
  <NullableBooleanInput key="bestseller" source="bestseller" />,
];

const Actions = () => (
  <TopToolbar>
    <FilterButton />
    <CreateButton />
    <ExportButton />
  </TopToolbar>
);

/** "M: 3 · L: 0", a size at LOW_STOCK or fewer in bold red; "—" when no size is tracked. */
export function StockSummary({ stock }: { stock: AdminProduct["stock"] }) {
  const sizes = Object.entries(stock);
  if (sizes.length === 0) return <>—</>;
  return (
    <Box component="span" data-testid="product-stock">
      {sizes.map(([size, units], i) => (
        <Box component="span" key={size} sx={units <= LOW_STOCK ? { color: "error.main", fontWeight: 700 } : undefined}>
          {i > 0 && " · "}
          {size}: {units}
        </Box>
      ))}
    </Box>
  );
}

const Thumbnail = ({ product, size }: { product: AdminProduct; size: number }) =>
  product.images[0] ? (
    <img
      src={product.images[0].thumbnailUrl}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      style={{ objectFit: "cover", borderRadius: 4 }}
    />
  ) : null;

/** On a phone: one line per product (image, name, price, stock), no table to scroll sideways. */
function PhoneProducts() {
  const translate = useTranslate();
  return (
    <SimpleList<AdminProduct>
      linkType="edit"
      leftAvatar={(p) => <Thumbnail product={p} size={40} />}
      primaryText={(p) => p.name}
      secondaryText={(p) => (
        <>
          {p.category} · {p.subCategory}
          {Object.keys(p.stock).length > 0 && (
            <Box component="span" sx={{ display: "block" }}>
              {translate("resources.products.fields.stock")}: <StockSummary stock={p.stock} />
            </Box>
          )}
        </>
      )}
      tertiaryText={(p) => formatKz(p.price)}
    />
  );
}

export function ProductList() {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down("md"));
  return (
    <List filters={filters} sort={{ field: "createdAt", order: "DESC" }} actions={<Actions />} perPage={25} exporter={productExporter}>
      {phone ? <PhoneProducts /> : <ProductGrid />}
    </List>
  );
}

function ProductGrid() {
  return (
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <FunctionField<AdminProduct> source="thumbnail" sortable={false} render={(p) => <Thumbnail product={p} size={48} />} />
      <TextField source="name" />
      <TextField source="category" />
      <TextField source="subCategory" />
      <AmountField source="price" />
      <FunctionField<AdminProduct> source="stock" sortable={false} render={(p) => <StockSummary stock={p.stock} />} />
      <BooleanField source="bestseller" />
      <BooleanField source="soldOut" />
      <BooleanField source="hidden" />
      <EditButton />
    </Datagrid>
  );
}
