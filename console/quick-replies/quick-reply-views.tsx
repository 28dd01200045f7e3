// Saved answers ("Respostas rápidas"): admins write them here, every agent inserts them from the reply box.
import {
  Create,
  Datagrid,
  Edit,
  FunctionField,
  List,
  SimpleForm,
  SimpleList,
  TextField,
  TextInput,
  maxLength,
  required,
  useTranslate,
} from "react-admin";
import { useMediaQuery, type Theme } from "@mui/material";
import type { AdminQuickReply } from "../../server/schemas/admin-support.ts";
import { MAX_QUICK_REPLY_TEXT, MAX_QUICK_REPLY_TITLE } from "../../shared/support.ts";

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
