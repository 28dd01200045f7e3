import ForumIcon from "@mui/icons-material/Forum";
import type { AdminConversation } from "../../server/schemas/admin-conversations.ts";
import { ConversationList } from "./conversation-list.tsx";
import { ConversationShow } from "./conversation-show.tsx";

export default {
  list: ConversationList,
  show: ConversationShow,
  icon: ForumIcon,
  recordRepresentation: (c: AdminConversation) => `#${c.shortId}`,
};
