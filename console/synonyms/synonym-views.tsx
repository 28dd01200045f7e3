// The search's synonym groups: words shoppers type for the same thing. Edited as one line of words
// separated by commas; the API keeps them as a list.
import { Create, Datagrid, Edit, FunctionField, List, SimpleForm, TextInput, required, useTranslate } from "react-admin";
import type { Static } from "typebox";
import type { AdminSynonyms } from "../../server/schemas/admin-synonyms.ts";

type Group = Static<typeof AdminSynonyms>;

const toLine = (words: unknown) => (Array.isArray(words) ? words.join(", ") : "");
const toWords = (line: string) =>
  line
    .split(",")
    .map((w) => w.trim())
    .filter(Boolean);

function WordsInput() {
  const translate = useTranslate();
  return (
    <TextInput
      source="words"
      format={toLine}
      parse={toWords}
      validate={required()}
      fullWidth
      multiline
      helperText={translate("loja.synonyms.help")}
    />
  );
}

export function SynonymList() {
  return (
    <List sort={{ field: "createdAt", order: "ASC" }} perPage={50} exporter={false}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <FunctionField<Group> source="words" sortable={false} render={(g) => g.words.join(", ")} />
      </Datagrid>
    </List>
  );
}

export function SynonymCreate() {
  return (
    <Create redirect="list">
      <SimpleForm>
        <WordsInput />
      </SimpleForm>
    </Create>
  );
}

export function SynonymEdit() {
  return (
    <Edit redirect="list" mutationMode="pessimistic">
      <SimpleForm>
        <WordsInput />
      </SimpleForm>
    </Edit>
  );
}
