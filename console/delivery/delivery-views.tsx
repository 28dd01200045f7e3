// Delivery (docs/product/console.md#delivery): zones priced by province (and optionally municipality) with a
// free-from amount, and pickup points, each in a province (offered only to addresses there). Admins edit them;
// support reads them.
import {
  AutocompleteArrayInput,
  BooleanInput,
  Create,
  Datagrid,
  Edit,
  FunctionField,
  List,
  SelectInput,
  SimpleForm,
  SimpleList,
  TextField,
  TextInput,
  required,
  useTranslate,
} from "react-admin";
import { useMediaQuery, type Theme } from "@mui/material";
import type { AdminDeliveryZone, AdminPickupPoint } from "../../server/schemas/delivery.ts";
import { ANGOLA_PROVINCES } from "../../shared/delivery.ts";
import { formatKz } from "../../shared/money.ts";
import { KwanzaInput } from "../components/kwanza-input.tsx";
import { AmountField } from "../components/amount-field.tsx";

const PROVINCE_CHOICES = ANGOLA_PROVINCES.map((p) => ({ id: p, name: p }));
const useSmall = () => useMediaQuery<Theme>((theme) => theme.breakpoints.down("md"));

function FreeFrom({ zone }: { zone: AdminDeliveryZone }) {
  const translate = useTranslate();
  return <>{zone.freeFrom === null ? translate("loja.delivery.never_free") : formatKz(zone.freeFrom)}</>;
}

export function DeliveryZoneList() {
  const small = useSmall();
  return (
    <List sort={{ field: "price", order: "ASC" }} perPage={50} exporter={false}>
      {small ? (
        <SimpleList<AdminDeliveryZone>
          primaryText={(z) => z.name}
          secondaryText={(z) => `${formatKz(z.price)} · ${z.provinces.join(", ")}`}
          linkType="edit"
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="name" />
          <FunctionField<AdminDeliveryZone> source="provinces" sortable={false} render={(z) => z.provinces.join(", ")} />
          <FunctionField<AdminDeliveryZone> source="municipalities" sortable={false} render={(z) => z.municipalities.join(", ")} />
          <AmountField source="price" />
          <FunctionField<AdminDeliveryZone> source="freeFrom" sortable={false} render={(z) => <FreeFrom zone={z} />} />
          <TextField source="eta" sortable={false} />
        </Datagrid>
      )}
    </List>
  );
}

/** The owner's fence for pay on delivery here (docs/product/pay-on-delivery.md): off by default, up to a limit. */
function PayOnDeliveryInputs({ resource }: { resource: "delivery-zones" | "pickup-points" }) {
  const translate = useTranslate();
  return (
    <>
      <BooleanInput source="payOnDelivery" label={`resources.${resource}.fields.payOnDelivery`} />
      <KwanzaInput
        source="payOnDeliveryLimit"
        label={`resources.${resource}.fields.payOnDeliveryLimit`}
        helperText={translate("loja.delivery.pay_on_delivery_limit_help")}
      />
    </>
  );
}

function DeliveryZoneForm() {
  const translate = useTranslate();
  return (
    <SimpleForm>
      <TextInput source="name" validate={required()} fullWidth />
      <AutocompleteArrayInput source="provinces" choices={PROVINCE_CHOICES} validate={required()} fullWidth />
      <TextInput
        source="municipalities"
        fullWidth
        helperText={translate("loja.delivery.municipalities_help")}
        format={(v: unknown) => (Array.isArray(v) ? v.join(", ") : "")}
        parse={(v: string) =>
          v
            .split(",")
            .map((m) => m.trim())
            .filter(Boolean)
        }
      />
      <KwanzaInput source="price" label="resources.delivery-zones.fields.price" validate={required()} />
      <KwanzaInput
        source="freeFrom"
        label="resources.delivery-zones.fields.freeFrom"
        helperText={translate("loja.delivery.free_from_help")}
      />
      <TextInput source="eta" fullWidth helperText={translate("loja.delivery.eta_help")} />
      <PayOnDeliveryInputs resource="delivery-zones" />
    </SimpleForm>
  );
}

export const DeliveryZoneCreate = () => (
  <Create redirect="list">
    <DeliveryZoneForm />
  </Create>
);
export const DeliveryZoneEdit = () => (
  <Edit redirect="list" mutationMode="pessimistic">
    <DeliveryZoneForm />
  </Edit>
);

export function PickupPointList() {
  const small = useSmall();
  return (
    <List sort={{ field: "name", order: "ASC" }} perPage={50} exporter={false}>
      {small ? (
        <SimpleList<AdminPickupPoint>
          primaryText={(p) => p.name}
          secondaryText={(p) => `${p.province ?? ""} · ${p.address} · ${formatKz(p.price)}`}
          linkType="edit"
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="name" />
          <FunctionField<AdminPickupPoint> source="province" sortable={false} render={(p) => <PickupProvince point={p} />} />
          <TextField source="address" sortable={false} />
          <TextField source="hours" sortable={false} />
          <AmountField source="price" />
          <TextField source="eta" sortable={false} />
        </Datagrid>
      )}
    </List>
  );
}

/** A point saved before provinces has none: it is offered everywhere until an admin says where it is. */
function PickupProvince({ point }: { point: AdminPickupPoint }) {
  const translate = useTranslate();
  return <>{point.province ?? translate("loja.delivery.no_province")}</>;
}

function PickupPointForm() {
  const translate = useTranslate();
  return (
    <SimpleForm defaultValues={{ price: 0 }}>
      <TextInput source="name" validate={required()} fullWidth />
      <SelectInput
        source="province"
        choices={PROVINCE_CHOICES}
        validate={required()}
        helperText={translate("loja.delivery.pickup_province_help")}
      />
      <TextInput source="address" validate={required()} fullWidth multiline />
      <TextInput source="hours" fullWidth />
      <KwanzaInput source="price" label="resources.pickup-points.fields.price" />
      <TextInput source="eta" fullWidth />
      <PayOnDeliveryInputs resource="pickup-points" />
    </SimpleForm>
  );
}

export const PickupPointCreate = () => (
  <Create redirect="list">
    <PickupPointForm />
  </Create>
);
export const PickupPointEdit = () => (
  <Edit redirect="list" mutationMode="pessimistic">
    <PickupPointForm />
  </Edit>
);
