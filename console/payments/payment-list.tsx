import { Datagrid, FunctionField, List, SimpleList, TextField, useListContext, useTranslate } from "react-admin";
import { Box, FormControlLabel, Switch, Typography, useMediaQuery, type Theme } from "@mui/material";
import { formatKz } from "../../shared/money.ts";
import { PROOF_STATUSES, PROOF_STATUS_LABELS } from "../../shared/payments.ts";
import type { AdminOrder } from "../../server/schemas/admin-orders.ts";
import { amountDue } from "../orders/order-money.ts";
import { DeadlineText } from "../components/deadline-text.tsx";
import { ProofView } from "../components/proof-view.tsx";
import { ApprovePaymentButton } from "../components/payment-confirmation.tsx";

/**
 * A switch over one boolean filter: "com comprovativo" (hasProof: orders with a proof waiting for a decision) or
 * "por confirmar" (unconfirmed: orders holding a payment support recorded, for the statement or an admin to
 * confirm); off shows every unpaid order.
 */
function FilterToggle({ source, label }: { source: "hasProof" | "unconfirmed"; label: string }) {
  const translate = useTranslate();
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const on = (filterValues as Record<string, unknown>)[source] === true;
  return (
    <FormControlLabel
      sx={{ ml: 1, my: 1 }}
      control={
        <Switch
          checked={on}
          onChange={(_, checked) => {
            const { [source]: _old, ...rest } = filterValues as Record<string, unknown>;
            setFilters(checked ? { ...rest, [source]: true } : rest, displayedFilters);
          }}
        />
      }
      label={translate(label)}
    />
  );
}

/** The payments "por confirmar" of a row, each with "Aprovar" for an admin. */
function UnconfirmedCell({ row }: { row: AdminOrder }) {
  const pending = row.payments.filter((p) => p.confirmation === "pending");
  if (pending.length === 0) return <>—</>;
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 0.5 }} onClick={(e) => e.stopPropagation()} data-testid="unconfirmed-cell">
      {pending.map((p) => (
        <Box key={p.id} sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
          <Typography variant="body2">
            {formatKz(p.amount)} · {p.bankReference} · {p.actor}
          </Typography>
          <ApprovePaymentButton orderId={row.id} payment={p} />
        </Box>
      ))}
    </Box>
  );
}

/** "1 Em análise · 1 Recusado". */
const ProofCounts = ({ row }: { row: AdminOrder }) => (
  <>
    {PROOF_STATUSES.map((s) => [s, row.proofs.filter((p) => p.status === s).length] as const)
      .filter(([, n]) => n > 0)
      .map(([s, n]) => `${n} ${PROOF_STATUS_LABELS[s]}`)
      .join(" · ")}
  </>
);

/** How many proofs a row has, by state ("1 Em análise · 1 Recusado"), with the files themselves beside. */
function ProofsCell({ row }: { row: AdminOrder }) {
  const translate = useTranslate();
  if (row.proofs.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate("loja.payments.no_proofs_short")}
      </Typography>
    );
  return (
    <Box>
      <Typography variant="body2" data-testid="proof-counts">
        <ProofCounts row={row} />
      </Typography>
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", mt: 0.5 }} onClick={(e) => e.stopPropagation()}>
        {row.proofs.map((proof) => (
          <ProofView key={proof.id} proof={proof} width={90} compact />
        ))}
      </Box>
    </Box>
  );
}

/** On a phone: one line per order (id, customer, what is expected, the time left, proofs), no table to scroll sideways. */
function PhoneQueue() {
  const translate = useTranslate();
  return (
    <SimpleList<AdminOrder>
      linkType={(r) => `/orders/${r.id}/show`}
      primaryText={(r) => `#${r.shortId} · ${r.customer.name}`}
      secondaryText={(r) => (
        <>
          {r.paymentReference ?? "—"} · {r.paymentDeadline ? <DeadlineText deadline={r.paymentDeadline} /> : "—"}
          <Typography variant="caption" component="span" sx={{ display: "block" }}>
            {r.proofs.length ? <ProofCounts row={r} /> : translate("loja.payments.no_proofs_short")}
          </Typography>
          {r.amountUnconfirmed > 0 && (
            <Typography variant="caption" component="span" color="warning.main" sx={{ display: "block" }}>
              {translate("loja.payments.unconfirmed")}: {formatKz(r.amountUnconfirmed)}
            </Typography>
          )}
        </>
      )}
      tertiaryText={(r) => formatKz(amountDue(r))}
      data-testid="payments-queue"
    />
  );
}

/** The queue itself, for a List context (the resource page, or a test's ListContextProvider). */
export function PaymentQueueGrid() {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down("md"));
  return (
    <>
      <Box sx={{ display: "flex", flexWrap: "wrap" }}>
        <FilterToggle source="hasProof" label="loja.payments.has_proof" />
        <FilterToggle source="unconfirmed" label="loja.payments.unconfirmed_only" />
      </Box>
      {phone ? (
        <PhoneQueue />
      ) : (
        <Datagrid rowClick={(id) => `/orders/${id}/show`} bulkActionButtons={false} data-testid="payments-queue">
          <FunctionField<AdminOrder> source="shortId" sortable={false} render={(r) => `#${r.shortId}`} />
          <TextField source="customer.name" sortable={false} />
          <FunctionField<AdminOrder> source="expected" sortable={false} textAlign="right" render={(r) => formatKz(amountDue(r))} />
          <FunctionField<AdminOrder>
            source="paymentReference"
            sortable={false}
            render={(r) => (
              <Box component="span" sx={{ fontFamily: "monospace" }}>
                {r.paymentReference ?? "—"}
              </Box>
            )}
          />
          <FunctionField<AdminOrder>
            source="paymentDeadline"
            render={(r) => (r.paymentDeadline ? <DeadlineText deadline={r.paymentDeadline} /> : "—")}
          />
          <FunctionField<AdminOrder> source="proofs" sortable={false} render={(r) => <ProofsCell row={r} />} />
          <FunctionField<AdminOrder> source="unconfirmed" sortable={false} render={(r) => <UnconfirmedCell row={r} />} />
        </Datagrid>
      )}
    </>
  );
}

/**
 * "Pagamentos": unpaid bank-transfer orders, soonest deadline first; a row opens the order to record the money.
 * "Por confirmar" lists instead the orders holding a payment support recorded, which an admin approves here.
 */
export function PaymentList() {
  return (
    <List sort={{ field: "paymentDeadline", order: "ASC" }} perPage={25} exporter={false}>
      <PaymentQueueGrid />
    </List>
  );
}
