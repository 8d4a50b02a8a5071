import "server-only";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { Env } from "@/lib/server/env";
import { encodeKeyPath, presignS3Url } from "./s3-presign";
import { presignQuery, presignTtl, type PresignOptions, type Storage, type StoredObject } from "./storage-types";

/**
 * Any S3-compatible store (AWS S3, MinIO, R2, s3rver in tests). Bodies are Node streams with a
 * known length; checksums only when the operation requires one (docs/deploy.md "S3"):
 * with the SDK's default (WHEN_SUPPORTED) a streamed PutObject is sent aws-chunked with a CRC32
 * trailer, which several S3-compatible stores keep inside the object.
 */
export class S3Storage implements Storage {
  readonly driver = "s3" as const;
  private client: S3Client;
  constructor(
    private bucket: string,
    private e: Pick<Env, "S3_REGION" | "S3_ENDPOINT" | "S3_FORCE_PATH_STYLE" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY">,
  ) {
    this.client = new S3Client({
      region: e.S3_REGION,
      endpoint: e.S3_ENDPOINT,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
    });
  }

  async putFile(key: string, localPath: string, contentType?: string) {
    // One PutObject streamed from disk (up to S3's 5 GB per object; uploads are capped far below).
    const { size } = await fsp.stat(localPath);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: fs.createReadStream(localPath), ContentLength: size, ContentType: contentType }));
    await fsp.rm(localPath, { force: true });
  }
  async putBytes(key: string, data: Buffer | string, contentType?: string) {
    const body = typeof data === "string" ? Buffer.from(data) : data;
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentLength: body.length, ContentType: contentType }));
  }
  async fetchToFile(key: string, localPath: string) {
    await fsp.mkdir(path.dirname(localPath), { recursive: true });
    await pipeline(await this.openRead(key), fs.createWriteStream(localPath));
    return localPath;
  }
  async openRead(key: string, range?: { start: number; end: number }) {
    const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
    return out.Body as Readable;
  }
  async size(key: string) {
    const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
    return Number(out.ContentLength ?? 0);
  }
  async exists(key: string) {
    return this.size(key).then(
      () => true,
      (e: { name?: string; $metadata?: { httpStatusCode?: number } }) => {
        if (e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404) return false;
        throw e;
      },
    );
  }
  async remove(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
  async removeFolder(prefix: string) {
    const Prefix = `${prefix.replace(/\/+$/, "")}/`;
    for (;;) {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix }));
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (keys.length === 0) return;
      await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }));
      if (!page.IsTruncated) return;
    }
  }
  async *list(prefix: string): AsyncIterable<StoredObject> {
    const Prefix = prefix ? `${prefix.replace(/\/+$/, "")}/` : undefined;
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix, ContinuationToken }));
      for (const o of page.Contents ?? []) if (o.Key) yield { key: o.Key, size: Number(o.Size ?? 0), lastModified: o.LastModified ?? new Date(0) };
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }
  async presignedUrl(key: string, opts: PresignOptions = {}) {
    const credentials = await this.client.config.credentials();
    return presignS3Url({
      method: opts.method ?? "GET",
      url: this.objectUrl(key),
      region: this.e.S3_REGION,
      credentials,
      expiresInSec: presignTtl(opts),
      query: presignQuery(opts),
    });
  }

  /** The object's address: endpoint/bucket/key with path style, else bucket.host/key. */
  private objectUrl(key: string): URL {
    const endpoint = new URL(this.e.S3_ENDPOINT ?? `https://s3.${this.e.S3_REGION}.amazonaws.com`);
    const base = endpoint.pathname.replace(/\/+$/, "");
    if (this.e.S3_FORCE_PATH_STYLE) return new URL(`${endpoint.origin}${base}/${encodeKeyPath(this.bucket)}/${encodeKeyPath(key)}`);
    return new URL(`${endpoint.protocol}//${this.bucket}.${endpoint.host}${base}/${encodeKeyPath(key)}`);
  }
}
