import "server-only";
import path from "node:path";
import { dataDir, env } from "@/lib/server/env";
import { LocalStorage } from "./local-storage";
import { withScratchDir } from "./scratch";
import { S3Storage } from "./s3-storage";
import type { Storage, StoredObject } from "./storage-types";

export { LocalStorage } from "./local-storage";
export { S3Storage } from "./s3-storage";

/**
 * Where stored files live: local disk by default, any S3-compatible store when
 * STORAGE_DRIVER=s3 (the contract: lib/storage/storage-types.ts). Uploads are written
 * to scratch first (ffprobe needs a file) and then moved in with putFile, so the web
 * process never holds a whole file. Local tools work on scratch copies (scratch.ts).
 */
export type { PresignOptions, Storage, StoredObject } from "./storage-types";
export { scratchDir, scratchRoot, sweepScratch, withScratchDir } from "./scratch";

let instance: Storage | undefined;

export function storage(): Storage {
  if (!instance) {
    const e = env();
    if (e.STORAGE_DRIVER === "s3" && !e.S3_BUCKET) throw new Error("STORAGE_DRIVER=s3 needs S3_BUCKET");
    instance = e.STORAGE_DRIVER === "s3" ? new S3Storage(e.S3_BUCKET!, e) : new LocalStorage(dataDir("storage"));
  }
  return instance;
}

/**
 * The expiry sweep: removes objects under `prefix` last written before `before` for which
 * `expired` (if given) agrees. Returns the removed keys.
 */
export async function removeExpired(
  prefix: string,
  before: Date,
  expired: (o: StoredObject) => boolean | Promise<boolean> = () => true,
  store: Storage = storage(),
): Promise<string[]> {
  const removed: string[] = [];
  for await (const o of store.list(prefix)) {
    if (o.lastModified < before && (await expired(o))) {
      await store.remove(o.key);
      removed.push(o.key);
    }
  }
  return removed;
}

/**
 * The one way a job works on stored files with local tools (ffmpeg, sharp, yt-dlp): copies
 * `keys` from storage into a fresh scratch folder, runs `fn` with their local paths and the
 * folder, and removes the folder whatever happens. Store results from inside `fn` with
 * storage().putFile (it moves the file out of scratch).
 */
export async function withScratchCopy<T>(kind: string, keys: string[], fn: (paths: string[], dir: string) => Promise<T>): Promise<T> {
  return withScratchDir(kind, async (dir) => {
    const paths = await Promise.all(keys.map((key, i) => storage().fetchToFile(key, path.join(dir, `${i}-${path.posix.basename(key)}`))));
    return fn(paths, dir);
  });
}
