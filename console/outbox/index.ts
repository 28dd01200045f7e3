import MailIcon from "@mui/icons-material/EmailOutlined";
import type { AdminOutboxMail } from "../../server/schemas/admin-outbox.ts";
import { OutboxList, OutboxShow } from "./outbox-views.tsx";

export default {
  list: OutboxList,
  show: OutboxShow,
  icon: MailIcon,
  recordRepresentation: (m: AdminOutboxMail) => m.subject,
};
