// Discount codes (docs/product/console.md#coupons): each with its uses and the money it gave away (orders not
// cancelled). Admins create and edit them; support reads them.
import {
  BooleanField,
  BooleanInput,
  Create,
  Datagrid,
  DateTimeInput,
  Edit,
  FunctionField,
  List,
  NumberInput,
  SelectInput,
  Show,
  SimpleForm,
  SimpleList,
  SimpleShowLayout,
  TextField,
  TextInput,
  required,
  useCanAccess,
  useTranslate,
  useRecordContext,
} from "react-admin";
import { useWatch } from "react-hook-form";
import { useMediaQuery, type Theme } from "@mui/material";
import type { AdminCoupon } from "../../server/schemas/coupons.ts";
import { COUPON_KINDS, COUPON_KIND_LABELS } from "../../shared/coupons.ts";
import { formatKz } from "../../shared/money.ts";
import { formatDateTime } from "../../shared/dates.ts";
import { AmountField } from "../components/amount-field.tsx";
import { KwanzaInput } from "../components/kwanza-input.tsx";

const KIND_CHOICES = COUPON_KINDS.map((k) => ({ id: k, name: COUPON_KIND_LABELS[k] }));
const useSmall = () => useMediaQuery<Theme>((theme) => theme.breakpoints.down("md"));

/** "10 %", "1 000,00 kz" or "Entrega grátis". */
export const couponValueText = (c: Pick<AdminCoupon, "kind" | "value">) =>
  c.kind === "percent" ? `${c.value} %` : c.kind === "fixed" ? formatKz(c.value) : COUPON_KIND_LABELS.free_delivery;

const day = (iso: string | null) => (iso ? formatDateTime(iso) : "");

/** "3 / 50" (uses of the maximum) or "3" without a maximum. */
const usesText = (c: AdminCoupon) => (c.maxUses === null ? String(c.uses) : `${c.uses} / ${c.maxUses}`);

function Validity() {
  const c = useRecordContext<AdminCoupon>();
  const translate = useTranslate();
  if (!c) return null;
  if (!c.startsAt && !c.endsAt) return <>{translate("loja.coupons.always")}</>;
  return (
    <>
      {[
        c.startsAt && `${translate("loja.coupons.from")} ${day(c.startsAt)}`,
        c.endsAt && `${translate("loja.coupons.until")} ${day(c.endsAt)}`,
      ]
        .filter(Boolean)
        .join(" ")}
    </>
  );
}

export function CouponList() {
  const small = useSmall();
  const translate = useTranslate();
  const { canAccess: canEdit } = useCanAccess({ resource: "coupons", action: "edit" });
  return (
    <List sort={{ field: "createdAt", order: "DESC" }} perPage={50} exporter={false} filters={[<TextInput key="q" source="q" alwaysOn />]}>
      {small ? (
        <SimpleList<AdminCoupon>
          primaryText={(c) => `${c.code} · ${couponValueText(c)}${c.active ? "" : ` · ${translate("loja.coupons.inactive")}`}`}
          secondaryText={(c) =>
            `${translate("resources.coupons.fields.uses")}: ${usesText(c)} · ${translate("resources.coupons.fields.given")}: ${formatKz(c.given)}`
          }
          linkType={canEdit ? "edit" : "show"}
        />
      ) : (
        <Datagrid rowClick={canEdit ? "edit" : "show"} bulkActionButtons={false}>
          <TextField source="code" />
          <FunctionField<AdminCoupon> source="value" render={couponValueText} />
          <FunctionField<AdminCoupon> source="uses" sortable={false} render={usesText} />
          <AmountField source="given" sortable={false} />
          <FunctionField source="endsAt" label="resources.coupons.fields.validity" render={() => <Validity />} />
          <BooleanField source="active" />
        </Datagrid>
      )}
    </List>
  );
}

/** The value's field follows the kind: a percentage, kwanza, or nothing for free delivery. */
function ValueInput() {
  const kind = useWatch({ name: "kind" }) as AdminCoupon["kind"] | undefined;
  const translate = useTranslate();
  if (kind === "percent")
    return (
      <NumberInput
        source="value"
        label="resources.coupons.fields.percent"
        min={1}
        max={100}
        step={1}
        validate={required()}
        helperText={translate("loja.coupons.percent_help")}
      />
    );
  if (kind === "fixed") return <KwanzaInput source="value" label="resources.coupons.fields.amount" validate={required()} />;
  return null;
}

function CouponForm() {
  const translate = useTranslate();
  return (
    <SimpleForm defaultValues={{ kind: "percent", active: true }}>
      <TextInput source="code" validate={required()} fullWidth helperText={translate("loja.coupons.code_help")} />
      <SelectInput source="kind" choices={KIND_CHOICES} validate={required()} />
      <ValueInput />
      <KwanzaInput
        source="minSubtotal"
        label="resources.coupons.fields.minSubtotal"
        helperText={translate("loja.coupons.min_help")}
        zeroIsEmpty
      />
      <DateTimeInput source="startsAt" />
      <DateTimeInput source="endsAt" />
      <NumberInput source="maxUses" min={1} step={1} helperText={translate("loja.coupons.no_limit_help")} />
      <NumberInput source="maxUsesPerCustomer" min={1} step={1} helperText={translate("loja.coupons.no_limit_help")} />
      <BooleanInput source="active" />
    </SimpleForm>
  );
}

export const CouponCreate = () => (
  <Create redirect="list">
    <CouponForm />
  </Create>
);
export const CouponEdit = () => (
  <Edit redirect="list" mutationMode="pessimistic">
    <CouponForm />
  </Edit>
);
export const CouponShow = () => (
  <Show>
    <SimpleShowLayout>
      <TextField source="code" />
      <FunctionField<AdminCoupon> source="kind" render={(c) => COUPON_KIND_LABELS[c.kind]} />
      <FunctionField<AdminCoupon> source="value" render={couponValueText} />
      <AmountField source="minSubtotal" />
      <FunctionField source="endsAt" label="resources.coupons.fields.validity" render={() => <Validity />} />
      <FunctionField<AdminCoupon> source="uses" render={usesText} />
      <FunctionField<AdminCoupon> source="maxUsesPerCustomer" render={(c) => c.maxUsesPerCustomer ?? "—"} />
      <AmountField source="given" />
      <BooleanField source="active" />
    </SimpleShowLayout>
  </Show>
);
