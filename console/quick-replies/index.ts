import QuickreplyIcon from "@mui/icons-material/Quickreply";
import type { AdminQuickReply } from "../../server/schemas/admin-support.ts";
import { QuickReplyCreate, QuickReplyEdit, QuickReplyList } from "./quick-reply-views.tsx";

export default {
  list: QuickReplyList,
  create: QuickReplyCreate,
  edit: QuickReplyEdit,
  icon: QuickreplyIcon,
  recordRepresentation: (q: AdminQuickReply) => q.title,
};
