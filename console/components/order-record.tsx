// The frame of a page about an order's record — the order's own page and a return's (docs/product/console.md): the
// head (the order's number, then its status and facts, then the page's moves and the order's chat) and the cards
// below it.
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import { useTranslate } from "react-admin";
import { Box, Button, Card, CardContent, Typography } from "@mui/material";
import ForumIcon from "@mui/icons-material/Forum";

/** One titled card of a record's page. */
export function RecordSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * The head of a page about an order: "#{shortId}" (`numberTestId` for tests and the journeys), the status and facts
 * (`children`), then, pushed right and wrapping on a phone, the page's moves (`actions`), "Abrir conversa" (the
 * order's chat) and what follows it (`afterChat`).
 */
export function OrderRecordHeader({
  orderId,
  shortId,
  numberTestId,
  children,
  actions,
  afterChat,
}: {
  orderId: string;
  shortId: string;
  numberTestId: string;
  children: ReactNode;
  actions?: ReactNode;
  afterChat?: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 2, mb: 2 }} data-testid="order-record-header">
      <Typography variant="h5" data-testid={numberTestId}>
        #{shortId}
      </Typography>
      {children}
      <Box sx={{ flex: 1 }} />
      {actions}
      <Button component={RouterLink} to={`/conversations/${orderId}/show`} startIcon={<ForumIcon />} variant="outlined" size="small">
        {translate("loja.orders.open_chat")}
      </Button>
      {afterChat}
    </Box>
  );
}
