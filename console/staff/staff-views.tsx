import {
  BooleanField,
  BooleanInput,
  Create,
  Datagrid,
  Edit,
  EmailField,
  FunctionField,
  List,
  PasswordInput,
  SaveButton,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  Toolbar,
  email,
  maxLength,
  required,
  useGetIdentity,
  useRecordContext,
  useTranslate,
} from "react-admin";
import { passwordProblem } from "../../shared/passwords.ts";
import { staffNeedsPassword } from "./transform.ts";
import type { AdminStaff } from "../../server/schemas/admin-staff.ts";
import { staffExporter } from "./export.ts";
import { ShopDateField } from "../components/date-field.tsx";

const roleChoices = [
  { id: "admin", name: "loja.roles.admin" },
  { id: "support", name: "loja.roles.support" },
];

function RoleLabel({ role }: { role: string }) {
  const translate = useTranslate();
  return <>{translate(`loja.roles.${role}`, { _: role })}</>;
}

const filters = [<SearchInput key="q" source="q" alwaysOn />, <SelectInput key="role" source="role" choices={roleChoices} alwaysOn />];

export function StaffList() {
  return (
    <List filters={filters} sort={{ field: "createdAt", order: "DESC" }} perPage={25} exporter={staffExporter}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" />
        <EmailField source="email" />
        <FunctionField<AdminStaff> source="role" render={(s) => <RoleLabel role={s.role} />} />
        <BooleanField source="active" />
        <ShopDateField source="createdAt" />
      </Datagrid>
    </List>
  );
}

/** shared/passwords.ts's rule, said before saving (an empty password on edit keeps the current one). */
const passwordRules = [(value?: string) => (value ? (passwordProblem(value) ?? undefined) : undefined)];

/** The acting admin's own password, required when the server will ask for it (admin power, an admin's password). */
function CurrentPasswordInput() {
  const record = useRecordContext<AdminStaff>();
  const { identity } = useGetIdentity();
  const translate = useTranslate();
  const requiredWhenNeeded = (value: unknown, all: Record<string, unknown>) =>
    staffNeedsPassword(record, all, identity?.id) && !value ? "loja.staff.current_password_required" : undefined;
  return (
    <PasswordInput
      source="currentPassword"
      validate={requiredWhenNeeded}
      helperText={translate("loja.staff.current_password_help")}
      autoComplete="current-password"
    />
  );
}

export function StaffCreate() {
  const translate = useTranslate();
  return (
    <Create redirect="list">
      <SimpleForm defaultValues={{ role: "support" }}>
        <TextInput source="name" validate={[required(), maxLength(120)]} />
        <TextInput source="email" type="email" validate={[required(), email()]} />
        <SelectInput source="role" choices={roleChoices} validate={required()} />
        <PasswordInput source="password" validate={[required(), ...passwordRules]} helperText={translate("loja.staff.password_help")} />
        <CurrentPasswordInput />
      </SimpleForm>
    </Create>
  );
}

/** An admin cannot deactivate or demote themselves (the server refuses it too). */
function SelfGuardedInputs() {
  const record = useRecordContext<AdminStaff>();
  const { identity } = useGetIdentity();
  const translate = useTranslate();
  const self = record?.id === identity?.id;
  return (
    <>
      <SelectInput source="role" choices={roleChoices} validate={required()} disabled={self} />
      <BooleanInput source="active" disabled={self} helperText={self ? translate("loja.staff.cannot_self") : false} />
    </>
  );
}

export function StaffEdit() {
  const translate = useTranslate();
  return (
    <Edit mutationMode="pessimistic">
      <SimpleForm
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <TextInput source="name" validate={[required(), maxLength(120)]} />
        <TextInput source="email" disabled />
        <SelfGuardedInputs />
        <PasswordInput source="password" validate={passwordRules} helperText={translate("loja.staff.password_help")} />
        <CurrentPasswordInput />
      </SimpleForm>
    </Edit>
  );
}
