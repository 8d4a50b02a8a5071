// The document reader: an uploaded .txt or .docx (or pasted text) to clean
// markdown text, its blocks and a title. The kind is decided by the name
// (only .txt and .docx) and confirmed by the content, so a PDF, image or
// program renamed is refused. Errors are AppErrors naming the file.
import "server-only";
import fs from "node:fs/promises";
import { AppError } from "@/lib/server/errors";
import { blocksFromPlainText, firstHeadingTitle, joinBlocks, titleFromText, type DocumentBlock } from "./blocks";
import { binaryShare, cleanText, decodeAs, detectEncoding } from "./decode";
import { readDocx } from "./docx";
import { bytesToMb, DOCUMENT_EXTENSIONS, documentLimits, type DocumentLimits } from "./limits";
import { sniffFormat } from "./sniff";

export type { DocumentBlock } from "./blocks";

export type DocumentFile = { path: string; name: string; size: number };

export type ReadDocument = {
  kind: "txt" | "docx";
  /** Markdown: the blocks' texts joined by blank lines. */
  text: string;
  title: string;
  paragraphs: DocumentBlock[];
  /** The .txt file's encoding as detected ("utf-8", "gb18030", ...); absent for .docx. */
  encoding?: string;
};

export type PastedDocument = { text: string; title: string; paragraphs: DocumentBlock[] };

export type ReadOptions = Partial<DocumentLimits>;

/**
 * Reads one uploaded document. Throws documents.unsupportedType (not .txt or
 * .docx, or binary content in a .txt), documents.tooLarge (from `size` and the
 * file's real size, before reading), documents.notDocx, documents.unsafeArchive,
 * documents.unreadable, documents.empty or documents.textTooLong.
 */
export async function readDocument(file: DocumentFile, opts: ReadOptions = {}): Promise<ReadDocument> {
  const limits = documentLimits(opts);
  const kind = kindFromName(file.name);
  if (!kind) throw new AppError("documents.unsupportedType", { files: file.name });
  await assertSizeWithin(file, limits);
  const buf = await fs.readFile(file.path);
  if (buf.length === 0) throw new AppError("documents.empty", { file: file.name });
  const read = kind === "docx" ? await readDocxFile(buf, file.name, limits) : readTextFile(buf, file.name);
  const text = joinBlocks(read.paragraphs);
  if (text.trim() === "") throw new AppError("documents.empty", { file: file.name });
  assertTextWithin(text, file.name, limits);
  const title = firstHeadingTitle(read.paragraphs) ?? nameWithoutExtension(file.name);
  return { kind, text, title, paragraphs: read.paragraphs, ...(read.encoding ? { encoding: read.encoding } : {}) };
}

/** Pasted text as a document: trimmed, newlines normalised, paragraphs at blank lines, title from the first line. */
export function textFromPaste(pasted: string, opts: ReadOptions = {}): PastedDocument {
  const limits = documentLimits(opts);
  const paragraphs = blocksFromPlainText(cleanText(pasted).trim());
  const text = joinBlocks(paragraphs);
  if (text.trim() === "") throw new AppError("documents.pasteEmpty");
  const title = titleFromText(text);
  assertTextWithin(text, title, limits);
  return { text, title, paragraphs };
}

/**
 * Checks a whole import request before anything is read (names and sizes
 * only): something to import, at most `maxDocumentsPerRequest` files, only
 * .txt/.docx (naming every bad file), each and all within their size limits.
 */
export function checkImportRequest(files: { name: string; size: number }[], pastedText = "", opts: ReadOptions = {}): void {
  const limits = documentLimits(opts);
  if (files.length === 0 && pastedText.trim() === "") throw new AppError("documents.nothingToImport");
  if (files.length > limits.maxDocumentsPerRequest) throw new AppError("documents.tooManyFiles", { max: limits.maxDocumentsPerRequest });
  const unsupported = files.filter((file) => !kindFromName(file.name)).map((file) => file.name);
  if (unsupported.length > 0) throw new AppError("documents.unsupportedType", { files: unsupported.join(", ") });
  const tooLarge = files.find((file) => file.size > limits.maxDocumentBytes);
  if (tooLarge) throw new AppError("documents.tooLarge", { file: tooLarge.name, limitMb: bytesToMb(limits.maxDocumentBytes) });
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > limits.maxRequestBytes) throw new AppError("documents.totalTooLarge", { limitMb: bytesToMb(limits.maxRequestBytes) });
}

/** "txt" or "docx" from the file name's extension (any case), else null. */
export function kindFromName(name: string): "txt" | "docx" | null {
  const extension = /\.[^./\\]+$/.exec(name)?.[0]?.toLowerCase();
  return DOCUMENT_EXTENSIONS.includes(extension as (typeof DOCUMENT_EXTENSIONS)[number]) ? (extension!.slice(1) as "txt" | "docx") : null;
}

type ReadBlocks = { paragraphs: DocumentBlock[]; encoding?: string };

async function readDocxFile(buf: Buffer, name: string, limits: DocumentLimits): Promise<ReadBlocks> {
  return { paragraphs: await readDocx(buf, name, limits) };
}

// Text has no control characters but tabs and newlines; a binary read as
// windows-1252 has over 10%. Between them there is a wide margin.
const MAX_BINARY_SHARE = 0.02;

function readTextFile(buf: Buffer, name: string): ReadBlocks {
  // A zip (a .docx renamed .txt, too), PDF, image or program: not text, whatever it is called.
  if (sniffFormat(buf.subarray(0, 16))) throw new AppError("documents.unsupportedType", { files: name });
  const encoding = detectEncoding(buf);
  const raw = decodeAs(buf, encoding);
  if (binaryShare(raw) > MAX_BINARY_SHARE) throw new AppError("documents.unsupportedType", { files: name });
  return { paragraphs: blocksFromPlainText(cleanText(raw)), encoding };
}

/** The caller's size and the file's real one: neither may pass the limit, checked before reading. */
async function assertSizeWithin(file: DocumentFile, limits: DocumentLimits): Promise<void> {
  const tooLarge = () => new AppError("documents.tooLarge", { file: file.name, limitMb: bytesToMb(limits.maxDocumentBytes) });
  if (file.size > limits.maxDocumentBytes) throw tooLarge();
  const stat = await fs.stat(file.path);
  if (stat.size > limits.maxDocumentBytes) throw tooLarge();
}

function assertTextWithin(text: string, name: string, limits: DocumentLimits): void {
  if (text.length > limits.maxTextChars) throw new AppError("documents.textTooLong", { file: name, maxChars: limits.maxTextChars });
}

function nameWithoutExtension(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? name;
  return base.replace(/\.[^.]+$/, "").trim() || base;
}
