import WhatsAppIcon from "@mui/icons-material/WhatsApp";
import type { AdminWhatsAppMessage } from "../../server/schemas/admin-whatsapp-inbox.ts";
import { WhatsAppInboxList } from "./inbox-views.tsx";

// "WhatsApp por atribuir" is a list only: each message is posted to an order or dismissed where it is shown.
export default {
  list: WhatsAppInboxList,
  icon: WhatsAppIcon,
  recordRepresentation: (m: AdminWhatsAppMessage) => m.from,
};
