-- Presence across instances (issue 13): each instance rewrites the users with an open socket on it every few
-- seconds; a row older than a few refreshes belongs to an instance that stopped and is ignored, then removed.

-- CreateTable
CREATE TABLE "realtime_presence" (
    "instance_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "staff" BOOLEAN NOT NULL,
    "seen_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "realtime_presence_pkey" PRIMARY KEY ("instance_id","user_id")
);

-- CreateIndex
CREATE INDEX "realtime_presence_seen_at_idx" ON "realtime_presence"("seen_at");
