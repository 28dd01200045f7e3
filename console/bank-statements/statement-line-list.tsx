// "Extrato" (admins): import the bank statement, then the lines it brought, waiting ones first. Each line is a
// card (they read the same on a 390 px phone and a desktop): day, amount, state, the bank's description and
// reference, why it waits and the order its description names (and, in review, the payment already recorded it may
// be), or the order and payment it went to, or why it was set aside. Below the import, the report of payments no
// line confirmed after some days.
import { useState } from "react";
import { List, SearchInput, useListContext, useTranslate } from "react-admin";
import { Link as RouterLink } from "react-router-dom";
import { Alert, Box, Button, Card, CardActions, CardContent, Chip, Link, Stack, Typography } from "@mui/material";
import { formatKz } from "../../shared/money.ts";
import { STATEMENT_LINE_STATES, WAITING_LINE_STATES, type StatementLineState } from "../../shared/bank-statements.ts";
import type { AdminStatementLine } from "../../server/schemas/admin-bank-statements.ts";
import { ListTabs } from "../components/list-tabs.tsx";
import { formatDateTime } from "../lib/format.ts";
import { AssignDialog, DismissDialog, LinkDialog } from "./line-dialogs.tsx";
import { StatementUpload } from "./statement-upload.tsx";
import { UnlinkedReport } from "./unlinked-report.tsx";

const STATE_TONE = {
  unmatched: "warning",
  review: "warning",
  matched: "success",
  assigned: "info",
  linked: "success",
  dismissed: "default",
} as const satisfies Record<StatementLineState, string>;

const isWaiting = (state: StatementLineState) => (WAITING_LINE_STATES as readonly string[]).includes(state);

type LineAction = "assign" | "assign-new" | "link" | "dismiss";

function LineStateChip({ state }: { state: StatementLineState }) {
  const translate = useTranslate();
  return <Chip size="small" color={STATE_TONE[state]} label={translate(`loja.statements.state.${state}`)} data-testid="line-state" />;
}

function StateTabs() {
  const translate = useTranslate();
  const tabs = [
    ...STATEMENT_LINE_STATES.map((s) => ({ value: s, label: translate(`loja.statements.tab.${s}`) })),
    { value: "all", label: translate("loja.statements.tab.all") },
  ];
  // A grid column of minmax(0, 1fr): the tabs scroll within the page instead of widening it on a phone (their
  // width would otherwise count as the page's minimum).
  return (
    <Box sx={{ display: "grid", gridTemplateColumns: "minmax(0, 1fr)" }}>
      <ListTabs
        tabs={tabs}
        current={(f) => (typeof f.state === "string" ? f.state : "all")}
        select={({ state: _old, ...rest }, value) => (value === "all" ? rest : { ...rest, state: value })}
      />
    </Box>
  );
}

const dayFirst = (iso: string) => iso.split("-").reverse().join("-");

function OrderLink({ order }: { order: NonNullable<AdminStatementLine["order"]> }) {
  return (
    <Link component={RouterLink} to={`/orders/${order.id}/show`}>
      {`#${order.shortId}${order.paymentReference ? ` (${order.paymentReference})` : ""}`}
    </Link>
  );
}

function LineCard({ line, onAction }: { line: AdminStatementLine; onAction(action: LineAction): void }) {
  const translate = useTranslate();
  const waiting = isWaiting(line.state);
  const suggested = line.suggestedPayment;
  return (
    <Card variant="outlined" data-testid="statement-line">
      <CardContent sx={{ pb: 1 }}>
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "center", justifyContent: "space-between" }}>
          <Typography variant="body2" color="text.secondary">
            {dayFirst(line.bookedOn)}
          </Typography>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, whiteSpace: "nowrap" }}>
            {formatKz(line.amount)}
          </Typography>
          <LineStateChip state={line.state} />
        </Box>
        <Typography variant="body2" sx={{ fontFamily: "monospace", overflowWrap: "anywhere", mt: 0.5 }} data-testid="line-description">
          {line.description || "—"}
        </Typography>
        {line.reference && (
          <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
            {translate("loja.statements.reference", { reference: line.reference })}
          </Typography>
        )}
        {waiting && line.problem && (
          <Alert severity="warning" sx={{ mt: 1, py: 0 }} data-testid="line-problem">
            {line.problem}
          </Alert>
        )}
        {waiting && line.suggestedOrder && (
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {translate("loja.statements.names_order")} <OrderLink order={line.suggestedOrder} />
          </Typography>
        )}
        {line.state === "review" && suggested && (
          <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: "anywhere" }} data-testid="line-suggested-payment">
            {translate("loja.statements.may_be_payment", {
              amount: formatKz(suggested.amount),
              reference: suggested.bankReference,
              actor: suggested.actor,
              when: formatDateTime(suggested.receivedAt),
            })}
            {suggested.confirmed ? "" : ` · ${translate("loja.statements.payment_pending")}`}
          </Typography>
        )}
        {line.state === "linked" && line.payment && line.order && (
          <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: "anywhere" }} data-testid="line-order">
            {translate("loja.statements.linked_to", { amount: formatKz(line.payment.amount), reference: line.payment.bankReference })}{" "}
            <OrderLink order={line.order} />
          </Typography>
        )}
        {line.order && (line.state === "matched" || line.state === "assigned") && (
          <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="line-order">
            {translate(line.state === "matched" ? "loja.statements.matched_to" : "loja.statements.assigned_to")}{" "}
            <OrderLink order={line.order} />
          </Typography>
        )}
        {line.state === "dismissed" && (
          <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: "anywhere" }}>
            {translate("loja.statements.dismissed_because", { reason: line.dismissReason ?? "" })}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5, overflowWrap: "anywhere" }}>
          {translate("loja.statements.imported_from", {
            file: line.fileName ?? "—",
            row: line.rowNumber,
            when: formatDateTime(line.importedAt),
            name: line.importedBy,
          })}
          {line.decidedBy && line.decidedAt
            ? ` · ${translate("loja.statements.decided_by", { name: line.decidedBy, when: formatDateTime(line.decidedAt) })}`
            : ""}
        </Typography>
      </CardContent>
      {line.state === "review" && (
        <CardActions sx={{ flexWrap: "wrap", gap: 1, px: 2, pb: 2 }}>
          <Button variant="contained" size="small" onClick={() => onAction("link")}>
            {translate("loja.statements.same_payment")}
          </Button>
          <Button variant="outlined" size="small" onClick={() => onAction("assign-new")}>
            {translate("loja.statements.other_payment")}
          </Button>
          <Button variant="outlined" size="small" onClick={() => onAction("dismiss")}>
            {translate("loja.statements.dismiss")}
          </Button>
        </CardActions>
      )}
      {line.state === "unmatched" && (
        <CardActions sx={{ flexWrap: "wrap", gap: 1, px: 2, pb: 2 }}>
          <Button variant="contained" size="small" onClick={() => onAction("assign")}>
            {translate("loja.statements.assign")}
          </Button>
          <Button variant="outlined" size="small" onClick={() => onAction("link")}>
            {translate("loja.statements.link")}
          </Button>
          <Button variant="outlined" size="small" onClick={() => onAction("dismiss")}>
            {translate("loja.statements.dismiss")}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}

/** The lines of the current page, for a List context (the resource page, or a test's ListContextProvider). */
export function StatementLines() {
  const translate = useTranslate();
  const { data, isPending } = useListContext<AdminStatementLine>();
  const [acting, setActing] = useState<{ line: AdminStatementLine; kind: LineAction } | null>(null);
  if (isPending) return null;
  return (
    <Stack spacing={1} sx={{ p: { xs: 1, sm: 2 } }} data-testid="statement-lines">
      {data?.length ? (
        data.map((line) => <LineCard key={line.id} line={line} onAction={(kind) => setActing({ line, kind })} />)
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
          {translate("loja.statements.empty")}
        </Typography>
      )}
      {acting?.kind === "assign" && <AssignDialog line={acting.line} onClose={() => setActing(null)} />}
      {acting?.kind === "assign-new" && <AssignDialog line={acting.line} newPayment onClose={() => setActing(null)} />}
      {acting?.kind === "link" && <LinkDialog line={acting.line} onClose={() => setActing(null)} />}
      {acting?.kind === "dismiss" && <DismissDialog line={acting.line} onClose={() => setActing(null)} />}
    </Stack>
  );
}

const filters = [<SearchInput key="q" source="q" alwaysOn />];

export function StatementLineList() {
  return (
    <List
      filters={filters}
      filterDefaultValues={{ state: "unmatched" }}
      sort={{ field: "bookedOn", order: "DESC" }}
      perPage={25}
      exporter={false}
      empty={false}
    >
      <StatementUpload />
      <UnlinkedReport />
      <StateTabs />
      <StatementLines />
    </List>
  );
}
