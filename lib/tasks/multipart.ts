import "server-only";
import { createWriteStream } from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { randomUUID } from "node:crypto";
import Busboy from "busboy";
import { AppError } from "@/lib/api/errors";
import { scratchDir } from "@/lib/storage/storage";
import { logger } from "@/lib/server/logger";

/** How much one multipart request may bring. */
export interface MultipartLimits {
  maxFiles: number;
  /** Per file; a bigger file is cut there and marked truncated. */
  maxFileBytes: number;
}

export interface ReceivedForm {
  files: { name: string; path: string; size: number; truncated: boolean; mime: string }[];
  fields: Record<string, string>;
  dir: string;
}

/**
 * Streams a multipart body to scratch files; nothing is held in memory. Stops
 * reading past the file count or the largest per-file limit.
 */
async function receiveMultipart(req: Request, limits: MultipartLimits): Promise<ReceivedForm> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!contentType.startsWith("multipart/form-data") || !req.body) throw new AppError("upload.noFile");
  const dir = await scratchDir("uploads", randomUUID());
  const form: ReceivedForm = { files: [], fields: {}, dir };
  let tooMany = false;
  const writes: Promise<void>[] = [];

  const bb = Busboy({ headers: { "content-type": contentType }, limits: { files: limits.maxFiles, fileSize: limits.maxFileBytes + 1, fields: 20 } });
  bb.on("field", (name, value) => {
    form.fields[name] = value;
  });
  bb.on("filesLimit", () => {
    tooMany = true;
  });
  bb.on("file", (field, stream, info) => {
    if (field !== "file") {
      stream.resume();
      return;
    }
    const entry = { name: path.basename(info.filename || "file"), path: path.join(dir, `${form.files.length}`), size: 0, truncated: false, mime: info.mimeType };
    form.files.push(entry);
    stream.on("data", (chunk: Buffer) => {
      entry.size += chunk.length;
    });
    stream.on("limit", () => {
      entry.truncated = true;
    });
    writes.push(pipeline(stream, createWriteStream(entry.path)));
  });

  try {
    await pipeline(Readable.fromWeb(req.body as import("node:stream/web").ReadableStream), bb);
    await Promise.all(writes);
  } catch (e) {
    await fsp.rm(dir, { recursive: true, force: true });
    logger.warn("upload stream failed", { error: String(e) });
    throw new AppError("upload.uploadFailed");
  }
  if (tooMany) {
    await fsp.rm(dir, { recursive: true, force: true });
    throw new AppError("upload.fileCountExceeded", { max: limits.maxFiles });
  }
  return form;
}

/** Receives the request's files into a scratch folder, runs `handle`, and always removes the folder. */
export async function withReceivedForm<T>(req: Request, limits: MultipartLimits, handle: (form: ReceivedForm) => Promise<T>): Promise<T> {
  const form = await receiveMultipart(req, limits);
  try {
    return await handle(form);
  } finally {
    await fsp.rm(form.dir, { recursive: true, force: true });
  }
}

