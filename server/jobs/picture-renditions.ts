// Product pictures stored before the middle rendition existed get it here, off the request path: a batch of 10 per
// round, at once while a full batch comes back, then again every hour (docs/design/media.md#the-middle-rendition).
// New uploads make it themselves, so after the first pass a round is one query that finds nothing.
import type { AppDeps } from "../deps.ts";
import { backfillMiddleRenditions } from "../domain/media/service.ts";
import type { Job } from "../ops/job-runner.ts";

interface Log {
  warn(obj: object, msg: string): void;
}

export function pictureRenditionsJob({ db, media, productListCache }: Pick<AppDeps, "db" | "media" | "productListCache">, log: Log): Job {
  // Where this pass has got to (pictures in id order): one that cannot be read is passed over until the next pass.
  let after: string | undefined;
  return {
    name: "picture-renditions",
    everyMs: 60 * 60_000,
    scope: "cluster",
    runAtStart: true,
    async run() {
      const round = await backfillMiddleRenditions(db.prisma, media, after, (mediaId, err) =>
        log.warn({ err, mediaId }, "picture-renditions: could not make a picture's middle rendition"),
      );
      after = round.more ? round.last : undefined;
      // The shop's lists name each picture's renditions: the cached list is rebuilt with the new ones.
      if (round.made > 0) productListCache.invalidate();
      return round.more;
    },
  };
}
