import ManageSearchIcon from "@mui/icons-material/ManageSearch";
import { SynonymCreate, SynonymEdit, SynonymList } from "./synonym-views.tsx";

export default {
  list: SynonymList,
  create: SynonymCreate,
  edit: SynonymEdit,
  icon: ManageSearchIcon,
  recordRepresentation: (g: { words: string[] }) => g.words.slice(0, 3).join(", "),
};
