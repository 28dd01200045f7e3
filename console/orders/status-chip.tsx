import { Chip } from "@mui/material";
import { useTranslate } from "react-admin";

const COLORS: Record<string, "default" | "warning" | "info" | "primary" | "secondary" | "success" | "error"> = {
  "Aguardando Pagamento": "warning",
  "Pagamento Confirmado": "info",
  "Em Preparação": "primary",
  Enviado: "secondary",
  Entregue: "success",
  Cancelado: "error",
};

export function StatusChip({ status }: { status: string }) {
  const translate = useTranslate();
  return <Chip size="small" color={COLORS[status] ?? "default"} label={translate(`loja.status.${status}`, { _: status })} data-testid="order-status" />;
}
