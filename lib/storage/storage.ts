import "server-only";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { dataDir, env } from "@/lib/server/env";

/**
 * Where uploaded media lives: local disk by default, any S3-compatible store
 * when STORAGE_DRIVER=s3. Keys look like "media/<userId>/<taskId>/<part>".
 * Uploads are written to local disk first (ffprobe needs a file) and then
 * moved in with putFile, so the web process never holds a whole file.
 */
export interface Storage {
  putFile(key: string, localPath: string, contentType?: string): Promise<void>;
  /** Copies the object to a local path (for ffmpeg) and returns it. */
  fetchToFile(key: string, localPath: string): Promise<string>;
  openRead(key: string, range?: { start: number; end: number }): Promise<Readable>;
  size(key: string): Promise<number>;
  remove(key: string): Promise<void>;
  /** Removes every object under the folder `prefix` (e.g. a task's "media/<userId>/<taskId>"). */
  removeFolder(prefix: string): Promise<void>;
}

function safeLocalPath(root: string, key: string): string {
  const full = path.resolve(root, key);
  if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`storage key escapes root: ${key}`);
  return full;
}

class LocalStorage implements Storage {
  constructor(private root: string) {}
  async putFile(key: string, localPath: string) {
    const dest = safeLocalPath(this.root, key);
    await fsp.mkdir(path.dirname(dest), { recursive: true });
    try {
      await fsp.rename(localPath, dest);
    } catch {
      await fsp.copyFile(localPath, dest);
      await fsp.rm(localPath, { force: true });
    }
  }
  async fetchToFile(key: string, localPath: string) {
    await fsp.mkdir(path.dirname(localPath), { recursive: true });
    await fsp.copyFile(safeLocalPath(this.root, key), localPath);
    return localPath;
  }
  async openRead(key: string, range?: { start: number; end: number }) {
    return fs.createReadStream(safeLocalPath(this.root, key), range);
  }
  async size(key: string) {
    return (await fsp.stat(safeLocalPath(this.root, key))).size;
  }
  async remove(key: string) {
    await fsp.rm(safeLocalPath(this.root, key), { force: true });
  }
  async removeFolder(prefix: string) {
    await fsp.rm(safeLocalPath(this.root, prefix), { recursive: true, force: true });
  }
}

class S3Storage implements Storage {
  private client: S3Client;
  constructor(private bucket: string) {
    const e = env();
    this.client = new S3Client({
      region: e.S3_REGION,
      endpoint: e.S3_ENDPOINT,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
      credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
    });
  }
  async putFile(key: string, localPath: string, contentType?: string) {
    // Multipart upload streams from disk; @aws-sdk/lib-storage would add a dependency for the same thing.
    const { PutObjectCommand } = await import("@aws-sdk/client-s3");
    const stat = await fsp.stat(localPath);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: fs.createReadStream(localPath), ContentLength: stat.size, ContentType: contentType }),
    );
    await fsp.rm(localPath, { force: true });
  }
  async fetchToFile(key: string, localPath: string) {
    await fsp.mkdir(path.dirname(localPath), { recursive: true });
    await pipeline(await this.openRead(key), fs.createWriteStream(localPath));
    return localPath;
  }
  async openRead(key: string, range?: { start: number; end: number }) {
    const out = await this.client.send(
      new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
    );
    return out.Body as Readable;
  }
  async size(key: string) {
    const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
    return Number(out.ContentLength ?? 0);
  }
  async remove(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
  async removeFolder(prefix: string) {
    const { ListObjectsV2Command, DeleteObjectsCommand } = await import("@aws-sdk/client-s3");
    const Prefix = `${prefix.replace(/\/+$/, "")}/`;
    for (;;) {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix }));
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (keys.length === 0) return;
      await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }));
      if (!page.IsTruncated) return;
    }
  }
}

let instance: Storage | undefined;

export function storage(): Storage {
  if (!instance) {
    const e = env();
    instance = e.STORAGE_DRIVER === "s3" && e.S3_BUCKET ? new S3Storage(e.S3_BUCKET) : new LocalStorage(dataDir("storage"));
  }
  return instance;
}

/** A scratch directory on local disk for uploads in flight and worker intermediates. */
export async function scratchDir(...parts: string[]): Promise<string> {
  const dir = dataDir("tmp", ...parts);
  await fsp.mkdir(dir, { recursive: true });
  return dir;
}
