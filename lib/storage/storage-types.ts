import type { Readable } from "node:stream";
import { contentDisposition } from "./disposition";

/** One stored object, as a listing sees it. */
export interface StoredObject {
  key: string;
  size: number;
  lastModified: Date;
}

export interface PresignOptions {
  method?: "GET" | "PUT";
  /** Seconds the address works; default 15 minutes, at most 1 hour (a shared address must not live long). */
  expiresInSec?: number;
  /** GET only: the type and download name the store answers with, whatever it has on file. */
  contentType?: string;
  downloadName?: string;
}

export const PRESIGN_DEFAULT_SEC = 15 * 60;
export const PRESIGN_MAX_SEC = 3600;

export function presignTtl(opts: PresignOptions): number {
  return Math.min(PRESIGN_MAX_SEC, Math.max(1, Math.round(opts.expiresInSec ?? PRESIGN_DEFAULT_SEC)));
}

export function presignQuery(opts: PresignOptions): Record<string, string> {
  if ((opts.method ?? "GET") !== "GET") return {};
  return {
    ...(opts.contentType ? { "response-content-type": opts.contentType } : {}),
    ...(opts.downloadName ? { "response-content-disposition": contentDisposition("attachment", opts.downloadName) } : {}),
  };
}

/**
 * The storage contract every driver keeps (lib/storage/storage.ts picks one). Keys look like
 * "media/<userId>/<taskId>/<part>" or "avatars/<userId>/<token>.webp". Nothing but a driver
 * touches the stored bytes on disk: processes on other machines only see storage.
 */
export interface Storage {
  readonly driver: "local" | "s3";
  /** Moves a local file in (the local file is gone afterwards). */
  putFile(key: string, localPath: string, contentType?: string): Promise<void>;
  /** Stores small bytes (JSON results, thumbnails) without a file of one's own. */
  putBytes(key: string, data: Buffer | string, contentType?: string): Promise<void>;
  /** Copies the object to a local path (for ffmpeg) and returns it. */
  fetchToFile(key: string, localPath: string): Promise<string>;
  /** A stream of the object, or of bytes start..end inclusive. */
  openRead(key: string, range?: { start: number; end: number }): Promise<Readable>;
  size(key: string): Promise<number>;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
  /** Removes every object under the folder `prefix` (e.g. a task's "media/<userId>/<taskId>"). */
  removeFolder(prefix: string): Promise<void>;
  /** Every object under the folder `prefix` ("" for all), in no promised order. */
  list(prefix: string): AsyncIterable<StoredObject>;
  /**
   * A short-lived address that reads (GET) or writes (PUT) the object without our server, or null
   * when the driver has none (local disk): callers then stream through the app. Browsers are not
   * given these for user media: a store cannot add our nosniff/CSP headers (lib/storage/serve.ts).
   */
  presignedUrl(key: string, opts?: PresignOptions): Promise<string | null>;
}
