// .docx to markdown blocks. The archive is vetted before mammoth opens it:
// it must be a real Word package (not a PDF, .doc or spreadsheet renamed),
// and no zip bomb — judged first from the sizes its directory declares,
// without inflating, then by checking every entry inflates to no more than
// declared, stopping early, since a header can lie.
import "server-only";
import mammoth from "mammoth";
import { AppError } from "@/lib/server/errors";
import type { DocumentBlock } from "./blocks";
import { htmlToBlocks } from "./html-blocks";
import type { DocumentLimits } from "./limits";
import { isZip } from "./sniff";
import { inflatesWithin, readZipEntries, ZipFormatError, type ZipEntry } from "./zip";

/** The blocks of a .docx file's body (headings, paragraphs, lists, tables; images dropped). */
export async function readDocx(buf: Buffer, fileName: string, limits: DocumentLimits): Promise<DocumentBlock[]> {
  const entries = vetDocxArchive(buf, fileName, limits);
  await assertEntriesInflateAsDeclared(buf, entries, fileName);
  return htmlToBlocks(await convertToHtml(buf, fileName));
}

// Small entries may compress far beyond 100:1 (a page of repeated table
// borders); only entries past this size are held to the ratio.
const RATIO_GRACE_BYTES = 100 * 1024;

/**
 * Checks the zip directory alone, inflating nothing: a Word package
 * ([Content_Types].xml and the main document part), at most
 * `maxDocxZipEntries` entries, `maxDocxUncompressedBytes` in all, and no
 * entry over `maxDocxCompressionRatio`. Returns the entries.
 */
export function vetDocxArchive(buf: Buffer, fileName: string, limits: DocumentLimits): ZipEntry[] {
  if (!isZip(buf)) throw new AppError("documents.notDocx", { file: fileName });
  const entries = readEntries(buf, fileName, limits.maxDocxZipEntries + 1);
  if (entries.length > limits.maxDocxZipEntries) throw new AppError("documents.unsafeArchive", { file: fileName });
  if (!isWordPackage(entries)) throw new AppError("documents.notDocx", { file: fileName });
  let total = 0;
  for (const entry of entries) {
    total += entry.uncompressedSize;
    if (total > limits.maxDocxUncompressedBytes || exceedsRatio(entry, limits.maxDocxCompressionRatio)) {
      throw new AppError("documents.unsafeArchive", { file: fileName });
    }
    if (!canOpen(entry)) throw new AppError("documents.unreadable", { file: fileName });
  }
  return entries;
}

function readEntries(buf: Buffer, fileName: string, stopAfter: number): ZipEntry[] {
  try {
    return readZipEntries(buf, stopAfter);
  } catch (error) {
    if (error instanceof ZipFormatError) throw new AppError("documents.unreadable", { file: fileName });
    throw error;
  }
}

// Word names its main part word/document.xml; Word Online sometimes word/document2.xml.
const MAIN_DOCUMENT_PART = /^word\/document\d*\.xml$/;

function isWordPackage(entries: ZipEntry[]): boolean {
  const names = new Set(entries.map((entry) => entry.name));
  return names.has("[Content_Types].xml") && [...names].some((name) => MAIN_DOCUMENT_PART.test(name));
}

function exceedsRatio(entry: ZipEntry, maxRatio: number): boolean {
  if (entry.uncompressedSize <= RATIO_GRACE_BYTES) return false;
  return entry.uncompressedSize > maxRatio * Math.max(entry.compressedSize, 1);
}

/** Stored or deflated, the only methods JSZip reads; a stored entry's two sizes agree. */
function canOpen(entry: ZipEntry): boolean {
  if (entry.method === 8) return true;
  return entry.method === 0 && entry.compressedSize === entry.uncompressedSize;
}

/** A header may understate an entry's size; JSZip would only notice after inflating all of it. */
async function assertEntriesInflateAsDeclared(buf: Buffer, entries: ZipEntry[], fileName: string): Promise<void> {
  for (const entry of entries) {
    let withinDeclared: boolean;
    try {
      withinDeclared = await inflatesWithin(buf, entry, entry.uncompressedSize);
    } catch (error) {
      if (error instanceof ZipFormatError) throw new AppError("documents.unreadable", { file: fileName });
      throw error;
    }
    if (!withinDeclared) throw new AppError("documents.unsafeArchive", { file: fileName });
  }
}

// Images are dropped, so never read them (the default inlines them as base64).
const skipImages = mammoth.images.imgElement(() => Promise.resolve({ src: "" }));

async function convertToHtml(buf: Buffer, fileName: string): Promise<string> {
  try {
    const result = await mammoth.convertToHtml(
      { buffer: buf },
      { convertImage: skipImages, includeEmbeddedStyleMap: false, externalFileAccess: false },
    );
    return result.value;
  } catch {
    // Damaged XML, a missing main part, an encrypted entry: mammoth's messages are for developers.
    throw new AppError("documents.unreadable", { file: fileName });
  }
}
