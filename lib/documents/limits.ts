// Document import limits and the billing rule for text. Plain data and pure
// functions: the browser imports this for its own checks and quota estimate,
// so no "server-only" and no settings read here — callers pass overrides.

const MB = 1024 * 1024;

/** Largest single document accepted (checked from its size, before reading). */
export const MAX_DOCUMENT_BYTES = 20 * MB;
/** Largest sum of document sizes in one import request. */
export const MAX_REQUEST_BYTES = 50 * MB;
/** Most documents in one import request. */
export const MAX_DOCUMENTS_PER_REQUEST = 10;
/** Most characters of text one document (or one paste) may yield. */
export const MAX_TEXT_CHARS = 2_000_000;
/** Zip-bomb guard for .docx: largest sum of entries' uncompressed sizes. */
export const MAX_DOCX_UNCOMPRESSED_BYTES = 100 * MB;
/** Zip-bomb guard for .docx: largest uncompressed/compressed ratio of any one entry. */
export const MAX_DOCX_COMPRESSION_RATIO = 100;
/** Zip-bomb guard for .docx: most entries in the archive. */
export const MAX_DOCX_ZIP_ENTRIES = 2_000;

/** The accepted file name extensions, lower case with the dot. */
export const DOCUMENT_EXTENSIONS = [".txt", ".docx"] as const;

export type DocumentLimits = {
  maxDocumentBytes: number;
  maxRequestBytes: number;
  maxDocumentsPerRequest: number;
  maxTextChars: number;
  maxDocxUncompressedBytes: number;
  maxDocxCompressionRatio: number;
  maxDocxZipEntries: number;
};

export const defaultDocumentLimits: Readonly<DocumentLimits> = Object.freeze({
  maxDocumentBytes: MAX_DOCUMENT_BYTES,
  maxRequestBytes: MAX_REQUEST_BYTES,
  maxDocumentsPerRequest: MAX_DOCUMENTS_PER_REQUEST,
  maxTextChars: MAX_TEXT_CHARS,
  maxDocxUncompressedBytes: MAX_DOCX_UNCOMPRESSED_BYTES,
  maxDocxCompressionRatio: MAX_DOCX_COMPRESSION_RATIO,
  maxDocxZipEntries: MAX_DOCX_ZIP_ENTRIES,
});

/** The defaults with the caller's overrides on top. */
export function documentLimits(overrides: Partial<DocumentLimits> = {}): DocumentLimits {
  return { ...defaultDocumentLimits, ...overrides };
}

/** Bytes to whole megabytes, for messages ("{limitMb} MB"). */
export function bytesToMb(bytes: number): number {
  return Math.round((bytes / MB) * 10) / 10;
}

/** Spec: "Billing about 600 bytes per minute" of UTF-8 text. */
export const TEXT_BYTES_PER_MINUTE = 600;

/**
 * Seconds billed for a text: 600 UTF-8 bytes are a minute, so 10 bytes a second, rounded up
 * to the whole second the ledger counts in (an 83-character note is 9 s, not a whole minute).
 * At least 1 s: an import is never free. docs/billing.md "Text and documents".
 */
export function secondsForText(text: string): number {
  return Math.max(1, Math.ceil((utf8ByteLength(text) * 60) / TEXT_BYTES_PER_MINUTE));
}

/** The same as minutes (fractional), for estimates: secondsForText / 60. */
export function minutesForText(text: string): number {
  return secondsForText(text) / 60;
}

/** UTF-8 size without encoding a copy (texts reach millions of characters). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (isHighSurrogate(unit) && isLowSurrogate(text.charCodeAt(i + 1))) {
      bytes += 4; // one code point outside the BMP, two UTF-16 units
      i++;
    } else bytes += 3; // includes a lone surrogate, which encodes as U+FFFD
  }
  return bytes;
}

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}
