import "server-only";
import { createWriteStream } from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { randomUUID } from "node:crypto";
import Busboy from "busboy";
import { AppError } from "@/lib/server/errors";
import { hasControlCharacters, stripControlCharacters } from "@/lib/server/text";
import { scratchDir } from "@/lib/storage/storage";
import { logger } from "@/lib/server/logger";

const MB = 1024 * 1024;
// Room for part headers and small fields on top of the files themselves.
const FORM_OVERHEAD_BYTES = 1 * MB;
const MAX_FILE_NAME_CHARS = 255;

/** How much one multipart request may bring. */
export interface MultipartLimits {
  maxFiles: number;
  /** Per file: reading stops at the first byte past it. */
  maxFileBytes: number;
  /** The whole body (default maxFiles × maxFileBytes + 1 MB): reading stops there too. */
  maxTotalBytes?: number;
  /** The refusal for a file past maxFileBytes (default "common.fileTooLarge"). */
  fileTooLarge?: (fileName: string) => AppError;
  /** The refusal for a body past maxTotalBytes (default "common.bodyTooLarge"). */
  bodyTooLarge?: () => AppError;
}

export interface ReceivedForm {
  /** `truncated` is always false: a file past the limit ends the request with a 413. */
  files: { name: string; path: string; size: number; truncated: boolean; mime: string }[];
  fields: Record<string, string>;
  dir: string;
}

/**
 * Streams a multipart body to scratch files; nothing is held in memory.
 * Reading stops at the first file past its limit or the body past its total
 * (413), at the file count (400), or at a field holding control characters
 * (400). A body that breaks off before its closing boundary, or is not
 * multipart at all, is a 400. On any refusal the scratch folder is removed.
 */
async function receiveMultipart(req: Request, limits: MultipartLimits): Promise<ReceivedForm> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!contentType.startsWith("multipart/form-data") || !req.body) throw new AppError("upload.noFile");
  const maxTotalBytes = limits.maxTotalBytes ?? limits.maxFiles * limits.maxFileBytes + FORM_OVERHEAD_BYTES;
  const bodyTooLarge = limits.bodyTooLarge ?? (() => new AppError("common.bodyTooLarge", { limitMb: Math.max(1, Math.round(maxTotalBytes / MB)) }));
  const fileTooLarge = limits.fileTooLarge ?? (() => new AppError("common.fileTooLarge"));
  if (Number(req.headers.get("content-length") ?? NaN) > maxTotalBytes) throw bodyTooLarge();

  let bb: Busboy.Busboy;
  try {
    // defParamCharset: browsers send the file name as raw UTF-8 bytes in the part's header (no filename*);
    // busboy's default (latin1) turned 会议记录.wav into mojibake.
    bb = Busboy({ headers: { "content-type": contentType }, defParamCharset: "utf8", limits: { files: limits.maxFiles, fileSize: limits.maxFileBytes, fields: 20 } });
  } catch {
    throw new AppError("common.malformedRequest"); // no boundary in the content type
  }
  const dir = await scratchDir("uploads", randomUUID());
  const form: ReceivedForm = { files: [], fields: {}, dir };
  // Each resolves when its file is written: with null, or with the error that stopped it.
  const writes: Promise<unknown>[] = [];
  let refusal: AppError | null = null;
  let received = 0;

  // Counts the body's bytes and stops the whole pipeline at the first refusal.
  const gate = new Transform({
    transform(chunk: Buffer, _enc, done) {
      received += chunk.length;
      if (received > maxTotalBytes) refusal ??= bodyTooLarge();
      if (refusal) done(refusal);
      else done(null, chunk);
    },
  });
  const refuse = (error: AppError) => {
    if (refusal) return;
    refusal = error;
    gate.destroy(error);
  };

  bb.on("field", (name, value) => {
    if (hasControlCharacters(value.replace(/[\t\n\r]/g, ""))) refuse(new AppError("common.invalidCharacters", { field: name }));
    else form.fields[name] = value.normalize("NFC");
  });
  bb.on("filesLimit", () => refuse(new AppError("upload.fileCountExceeded", { max: limits.maxFiles })));
  bb.on("file", (field, stream, info) => {
    if (field !== "file" || refusal) {
      stream.resume();
      return;
    }
    const entry = { name: fileNameOf(info.filename), path: path.join(dir, `${form.files.length}`), size: 0, truncated: false, mime: info.mimeType };
    form.files.push(entry);
    stream.on("data", (chunk: Buffer) => {
      entry.size += chunk.length;
    });
    stream.on("limit", () => refuse(fileTooLarge(entry.name)));
    writes.push(pipeline(stream, createWriteStream(entry.path)).then(() => null, (e: unknown) => e));
  });

  try {
    await pipeline(Readable.fromWeb(req.body as import("node:stream/web").ReadableStream), gate, bb);
    const failed = (await Promise.all(writes)).find((e) => e !== null);
    if (refusal || failed) throw refusal ?? failed;
    return form;
  } catch (e) {
    // Every write must have settled before the folder goes, or a late open would leave a file behind.
    const diskError = (await Promise.all(writes)).find(isDiskError);
    await fsp.rm(dir, { recursive: true, force: true });
    if (refusal) throw refusal;
    if (diskError) {
      logger.error("upload could not be written", { error: String(diskError) });
      throw new AppError("upload.uploadFailed");
    }
    logger.warn("malformed multipart body", { error: String(e) });
    throw new AppError("common.malformedRequest");
  }
}

// A file cut off by a refusal or a broken body fails its write too; only a system error (ENOSPC, EIO...) is ours.
function isDiskError(e: unknown): boolean {
  return /^E(?!RR_)[A-Z]+$/.test((e as NodeJS.ErrnoException | null)?.code ?? "");
}

/**
 * The base name the client gave, NFC (macOS sends decomposed names: "é" as e + U+0301),
 * without control characters, at most 255 characters. Browsers write a quote in the
 * name as %22 (the HTML form encoding's one escape besides CR and LF): it is a quote again.
 */
function fileNameOf(given: string | undefined): string {
  const unescaped = (given ?? "").replace(/%22/g, '"').normalize("NFC");
  const name = path.basename(stripControlCharacters(unescaped).replace(/[\t\n\r]/g, " ")).trim();
  return [...(name || "file")].slice(0, MAX_FILE_NAME_CHARS).join("");
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
