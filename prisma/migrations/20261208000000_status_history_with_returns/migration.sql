-- An order's history holds its statuses (with pay on delivery's "Por confirmar") and its returns' steps
-- ("Devolução #…"): the two migrations before this one each re-created the check with only their own addition.
ALTER TABLE "order_status_changes" DROP CONSTRAINT "order_status_changes_status_check";
ALTER TABLE "order_status_changes" ADD CONSTRAINT "order_status_changes_status_check" CHECK (
  "status" IN ('Por confirmar', 'Aguardando Pagamento', 'Pagamento Confirmado', 'Em Preparação', 'Enviado', 'Entregue', 'Cancelado')
  OR "status" LIKE 'Devolução #%');
