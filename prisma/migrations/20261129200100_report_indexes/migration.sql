-- The accountant's payments export reads payments by when they were received (docs/design/performance.md#reports).
CREATE INDEX "payments_received_at_idx" ON "payments" ("received_at");
