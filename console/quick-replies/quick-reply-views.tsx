// Saved answers ("Respostas rápidas"): admins write them here, every agent inserts them from the reply box. The shop's
// bank details go in as {iban}, {banco}, {titular}; a text that writes an IBAN or account number by hand is saved only
// with the admin's own password (docs/product/console.md#respostas-rápidas).
import {
  Create,
  Datagrid,
  Edit,
  FunctionField,
  List,
  PasswordInput,
  SimpleForm,
  SimpleList,
  TextField,
  TextInput,
  maxLength,
  required,
  useTranslate,
} from "react-admin";
import { Alert, useMediaQuery, type Theme } from "@mui/material";
import { useWatch } from "react-hook-form";
import type { AdminQuickReply } from "../../server/schemas/admin-support.ts";
import { MAX_QUICK_REPLY_TEXT, MAX_QUICK_REPLY_TITLE, quickReplyBankDetails } from "../../shared/support.ts";

const preview = (q: AdminQuickReply) => (q.text.length > 120 ? `${q.text.slice(0, 120)}…` : q.text);

export function QuickReplyList() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down("md"));
  return (
    <List sort={{ field: "title", order: "ASC" }} perPage={50} exporter={false}>
      {small ? (
        <SimpleList<AdminQuickReply> primaryText={(q) => q.title} secondaryText={preview} linkType="edit" />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="title" />
          <FunctionField<AdminQuickReply> source="text" sortable={false} render={preview} />
        </Datagrid>
      )}
    </List>
  );
}

/**
 * Bank details written by hand (the server's rule, shared/support.ts): said, with {iban} offered instead, and the
 * admin's own password asked for, as the server will.
 */
function BankDetailsPassword() {
  const translate = useTranslate();
  const text = (useWatch({ name: "text" }) as string | undefined) ?? "";
  const found = quickReplyBankDetails(text);
  if (!found) return null;
  const required = (value: unknown) => (value ? undefined : "loja.quick_replies.password_required");
  return (
    <>
      <Alert severity="warning" data-testid="quick-reply-bank-details" sx={{ mb: 2 }}>
        {translate("loja.quick_replies.bank_details", { found })}
      </Alert>
      <PasswordInput
        source="currentPassword"
        validate={required}
        helperText={translate("loja.quick_replies.password_help")}
        autoComplete="current-password"
      />
    </>
  );
}

function QuickReplyForm() {
  const translate = useTranslate();
  return (
    <SimpleForm>
      <TextInput source="title" validate={[required(), maxLength(MAX_QUICK_REPLY_TITLE)]} fullWidth />
      <TextInput
        source="text"
        validate={[required(), maxLength(MAX_QUICK_REPLY_TEXT)]}
        fullWidth
        multiline
        minRows={4}
        helperText={translate("loja.quick_replies.help")}
      />
      <BankDetailsPassword />
    </SimpleForm>
  );
}

export function QuickReplyCreate() {
  return (
    <Create redirect="list">
      <QuickReplyForm />
    </Create>
  );
}

export function QuickReplyEdit() {
  return (
    <Edit redirect="list" mutationMode="pessimistic">
      <QuickReplyForm />
    </Edit>
  );
}
