// Picks the media store: the S3-compatible bucket when MEDIA_S3_* are set, else files under DATA_DIR.
import type { Config } from "../../config.ts";
import { S3MediaStore } from "./s3-store.ts";
import { FileMediaStore, uploadTempDir, type MediaStore } from "./store.ts";

export function createMediaStore(config: Pick<Config, "dataDir" | "mediaS3">): MediaStore {
  return config.mediaS3 ? new S3MediaStore(config.mediaS3, uploadTempDir(config.dataDir)) : new FileMediaStore(config.dataDir);
}
