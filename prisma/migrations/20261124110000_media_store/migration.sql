-- Issue 12: media bytes move out of the database into the media store (files under DATA_DIR or S3). The column
-- stays, nullable, because the move needs the store and so runs in the server at start (moveStoredBytes), after
-- this migration; a later release drops it once every deployment has started on this one.
ALTER TABLE "media" ALTER COLUMN "bytes" DROP NOT NULL;
