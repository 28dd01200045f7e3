-- A product picture's middle rendition (800 px WebP, between the 400 px thumbnail and the 1,000 px image; issue 46,
-- docs/design/media.md#uploads): new uploads make it, and the picture-renditions job makes it for pictures stored
-- before, off the request path. It hangs off the full image's row, so product images keep their (media, thumb) pair.
ALTER TABLE "media" ADD COLUMN "middle_id" TEXT;
CREATE UNIQUE INDEX "media_middle_id_key" ON "media"("middle_id");
ALTER TABLE "media" ADD CONSTRAINT "media_middle_id_fkey" FOREIGN KEY ("middle_id") REFERENCES "media"("id") ON DELETE SET NULL ON UPDATE CASCADE;
