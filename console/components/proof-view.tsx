import { useTranslate } from "react-admin";
import { Alert, Box, Chip, Typography } from "@mui/material";
import { formatKz } from "../../shared/money.ts";
import { PROOF_STATUS_LABELS, type ProofStatus } from "../../shared/payments.ts";
import type { AdminProof, ProofHints } from "../../server/schemas/admin-orders.ts";
import { formatDateTime } from "../lib/format.ts";
import { AttachmentView } from "./attachment-view.tsx";

const STATUS_TONE: Readonly<Record<ProofStatus, "warning" | "success" | "error">> = {
  pending: "warning",
  accepted: "success",
  refused: "error",
  closed: "success",
};

function ProofStatusChip({ status }: { status: ProofStatus }) {
  return <Chip size="small" color={STATUS_TONE[status]} label={PROOF_STATUS_LABELS[status]} data-testid="proof-status" />;
}

/** What the server read from a PDF proof, always marked as a hint: forged receipts exist, the bank statement decides. */
function ProofHintsView({ hints }: { hints: ProofHints }) {
  const translate = useTranslate();
  return (
    <Alert severity={hints.amountMatches && hints.ibanMatches ? "info" : "warning"} data-testid="proof-hints" sx={{ py: 0 }}>
      <Typography variant="body2">
        {hints.amountFound === null
          ? translate("loja.payments.hint_no_amount")
          : translate(hints.amountMatches ? "loja.payments.hint_amount_matches" : "loja.payments.hint_amount_differs", {
              amount: formatKz(hints.amountFound),
            })}
      </Typography>
      <Typography variant="body2">
        {hints.ibanFound === null
          ? translate("loja.payments.hint_no_iban")
          : translate(hints.ibanMatches ? "loja.payments.hint_iban_matches" : "loja.payments.hint_iban_differs", { iban: hints.ibanFound })}
      </Typography>
      <Typography variant="caption" component="div" sx={{ fontWeight: 700 }}>
        {translate("loja.payments.hint_disclaimer")}
      </Typography>
    </Alert>
  );
}

/** One proof of payment: the file inline (image or first PDF page), its state, the reason of a refusal and the PDF's hints. */
export function ProofView({ proof, width = 200, compact = false }: { proof: AdminProof; width?: number; compact?: boolean }) {
  const translate = useTranslate();
  const by = proof.decidedBy?.name ?? null;
  return (
    <Box
      sx={{ display: "flex", flexDirection: "column", alignItems: "flex-start", gap: 0.5, maxWidth: Math.max(width, 260) }}
      data-testid="proof"
    >
      <AttachmentView url={proof.url} type={proof.type} fileName={proof.fileName} width={width} />
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <ProofStatusChip status={proof.status} />
        <Typography variant="caption" color="text.secondary">
          {formatDateTime(proof.createdAt)}
        </Typography>
      </Box>
      {!compact && proof.decidedAt && (
        <Typography variant="caption" color="text.secondary">
          {translate("loja.payments.decided", { when: formatDateTime(proof.decidedAt), name: by ?? translate("loja.common.system") })}
        </Typography>
      )}
      {proof.status === "refused" && proof.reason && (
        <Typography variant="body2">{translate("loja.payments.refused_because", { reason: proof.reason })}</Typography>
      )}
      {!compact && proof.hints && <ProofHintsView hints={proof.hints} />}
    </Box>
  );
}
