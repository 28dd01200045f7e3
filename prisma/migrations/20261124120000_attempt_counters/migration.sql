-- Failed sign-ins, sign-ups and phone sign-ins counted per account or address in a fixed window, in the
-- database so every instance sees the same counts (server/domain/users/attempt-limiter.ts).

-- CreateTable
CREATE TABLE "attempt_counters" (
    "key" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "window_ends_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "attempt_counters_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "attempt_counters_window_ends_at_idx" ON "attempt_counters"("window_ends_at");
