import PaymentsIcon from "@mui/icons-material/Payments";
import { PaymentList } from "./payment-list.tsx";

// The Pagamentos queue is a list only: each row opens the order, where payments are recorded and proofs decided.
export default {
  list: PaymentList,
  icon: PaymentsIcon,
};
