// Reads a zip archive's central directory (its table of contents) without
// inflating anything, and checks an entry inflates to no more than it claims.
// Just enough zip for vetting .docx files before a real zip library opens them.
import "server-only";
import zlib from "node:zlib";

export type ZipEntry = {
  name: string;
  /** 0 stored, 8 deflated; anything else our readers cannot open. */
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
};

/** A malformed archive: truncated, or a table of contents that points outside the file. */
export class ZipFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ZipFormatError";
  }
}

const EOCD_SIGNATURE = 0x06054b50;
const EOCD_SIZE = 22;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_LOCATOR_SIZE = 20;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const ZIP64_EOCD_SIZE = 56;
const CENTRAL_HEADER_SIGNATURE = 0x02014b50;
const CENTRAL_HEADER_SIZE = 46;
const LOCAL_HEADER_SIGNATURE = 0x04034b50;
const LOCAL_HEADER_SIZE = 30;
const ZIP64_EXTRA_ID = 0x0001;
const U16_MAX = 0xffff;
const U32_MAX = 0xffffffff;

type Directory = { entryCount: number; offset: number; size: number; end: number };

/**
 * The archive's entries, from its central directory, reading at most
 * `stopAfter`. Throws ZipFormatError when malformed. Mirrors how JSZip (which
 * mammoth uses) finds them, and refuses what JSZip would read differently
 * (bytes between the directory and its end record), so we vet what it opens.
 */
export function readZipEntries(buf: Buffer, stopAfter = Infinity): ZipEntry[] {
  const directory = findDirectory(buf);
  if (directory.offset + directory.size !== directory.end) throw new ZipFormatError("central directory size does not add up");
  const entries: ZipEntry[] = [];
  // Like JSZip, read headers while they follow one another, whatever the declared count.
  for (let at = directory.offset; isSignatureAt(buf, at, CENTRAL_HEADER_SIGNATURE) && entries.length < stopAfter; ) {
    const { entry, next } = readCentralHeader(buf, at);
    entries.push(entry);
    at = next;
  }
  if (entries.length === 0 && directory.entryCount > 0) throw new ZipFormatError("central directory not found");
  return entries;
}

/** Where an entry's compressed bytes are, from its local header. */
export function entryData(buf: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localHeaderOffset;
  if (!isSignatureAt(buf, at, LOCAL_HEADER_SIGNATURE) || at + LOCAL_HEADER_SIZE > buf.length) {
    throw new ZipFormatError(`no local header for ${entry.name}`);
  }
  const start = at + LOCAL_HEADER_SIZE + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
  const end = start + entry.compressedSize;
  if (end > buf.length) throw new ZipFormatError(`${entry.name} runs past the end of the file`);
  return buf.subarray(start, end);
}

/**
 * Whether an entry really inflates to no more than `limit` bytes. Streams and
 * counts, stopping as soon as the limit is passed, so a header that
 * understates the size cannot make us hold more than a chunk.
 */
export function inflatesWithin(buf: Buffer, entry: ZipEntry, limit: number): Promise<boolean> {
  const data = entryData(buf, entry);
  if (entry.method === 0) return Promise.resolve(data.length <= limit);
  return new Promise((resolve, reject) => {
    const inflater = zlib.createInflateRaw();
    let size = 0;
    inflater.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        inflater.destroy();
        resolve(false);
      }
    });
    inflater.on("end", () => resolve(true));
    inflater.on("error", (error) => reject(new ZipFormatError(`${entry.name}: ${error.message}`)));
    inflater.end(data);
  });
}

function findDirectory(buf: Buffer): Directory {
  const eocd = lastSignature(buf, EOCD_SIGNATURE);
  if (eocd < 0 || eocd + EOCD_SIZE > buf.length) throw new ZipFormatError("no end of central directory record");
  const counts = [buf.readUInt16LE(eocd + 4), buf.readUInt16LE(eocd + 6), buf.readUInt16LE(eocd + 8), buf.readUInt16LE(eocd + 10)];
  const size = buf.readUInt32LE(eocd + 12);
  const offset = buf.readUInt32LE(eocd + 16);
  if (counts.includes(U16_MAX) || size === U32_MAX || offset === U32_MAX) return readZip64Directory(buf, eocd);
  if (counts[0] !== 0 || counts[1] !== 0) throw new ZipFormatError("multi-disk archive");
  return { entryCount: counts[3]!, size, offset, end: eocd };
}

function readZip64Directory(buf: Buffer, eocd: number): Directory {
  const locator = lastSignature(buf, ZIP64_LOCATOR_SIGNATURE);
  if (locator !== eocd - ZIP64_LOCATOR_SIZE) throw new ZipFormatError("no zip64 locator before the end record");
  const record = readU64(buf, locator + 8);
  if (!isSignatureAt(buf, record, ZIP64_EOCD_SIGNATURE) || record + ZIP64_EOCD_SIZE > buf.length) throw new ZipFormatError("no zip64 end record");
  if (record + 12 + readU64(buf, record + 4) !== locator) throw new ZipFormatError("zip64 end record size does not add up");
  if (buf.readUInt32LE(record + 16) !== 0 || buf.readUInt32LE(record + 20) !== 0) throw new ZipFormatError("multi-disk archive");
  return { entryCount: readU64(buf, record + 32), size: readU64(buf, record + 40), offset: readU64(buf, record + 48), end: record };
}

function lastSignature(buf: Buffer, signature: number): number {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(signature);
  return buf.lastIndexOf(bytes);
}

function isSignatureAt(buf: Buffer, at: number, signature: number): boolean {
  return at >= 0 && at + 4 <= buf.length && buf.readUInt32LE(at) === signature;
}

function readCentralHeader(buf: Buffer, at: number): { entry: ZipEntry; next: number } {
  if (at + CENTRAL_HEADER_SIZE > buf.length) throw new ZipFormatError("truncated central directory header");
  const nameLength = buf.readUInt16LE(at + 28);
  const extraLength = buf.readUInt16LE(at + 30);
  const commentLength = buf.readUInt16LE(at + 32);
  const nameStart = at + CENTRAL_HEADER_SIZE;
  const extraStart = nameStart + nameLength;
  const next = extraStart + extraLength + commentLength;
  if (next > buf.length) throw new ZipFormatError("central directory header past the end");
  const entry: ZipEntry = {
    name: buf.toString("utf8", nameStart, extraStart),
    method: buf.readUInt16LE(at + 10),
    compressedSize: buf.readUInt32LE(at + 20),
    uncompressedSize: buf.readUInt32LE(at + 24),
    localHeaderOffset: buf.readUInt32LE(at + 42),
  };
  applyZip64Sizes(entry, buf.subarray(extraStart, extraStart + extraLength));
  return { entry, next };
}

/** Sizes and offsets too big for 32 bits are 0xFFFFFFFF in the header and, in this order, in the zip64 extra field. */
function applyZip64Sizes(entry: ZipEntry, extra: Buffer): void {
  const fields = ["uncompressedSize", "compressedSize", "localHeaderOffset"] as const;
  const missing = fields.filter((field) => entry[field] === U32_MAX);
  if (missing.length === 0) return;
  const zip64 = findExtraField(extra, ZIP64_EXTRA_ID);
  if (!zip64 || zip64.length < missing.length * 8) throw new ZipFormatError(`${entry.name}: no zip64 sizes`);
  missing.forEach((field, i) => (entry[field] = readU64(zip64, i * 8)));
}

/** The last field with this id, as JSZip takes it. */
function findExtraField(extra: Buffer, id: number): Buffer | null {
  let found: Buffer | null = null;
  for (let at = 0; at + 4 < extra.length; ) {
    const size = extra.readUInt16LE(at + 2);
    if (extra.readUInt16LE(at) === id) found = extra.subarray(at + 4, at + 4 + size);
    at += 4 + size;
  }
  return found;
}

function readU64(buf: Buffer, at: number): number {
  if (at + 8 > buf.length) throw new ZipFormatError("truncated zip64 field");
  const value = buf.readBigUInt64LE(at);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipFormatError("zip64 value out of range");
  return Number(value);
}
