-- Sessions that can end: every token carries the account's session version; raising it refuses older tokens.
ALTER TABLE "users" ADD COLUMN "session_version" INTEGER NOT NULL DEFAULT 0;
