// Test fixtures built at run time (no binaries in the repository): a small
// zip writer that can also lie in its headers, and .docx packages around a
// WordprocessingML body. Used by lib/documents/*.test.ts and the import tests.
import zlib from "node:zlib";

export type ZipFixtureEntry = {
  name: string;
  data: Buffer | string;
  /** Store instead of deflating. */
  stored?: boolean;
  /** Already-deflated bytes to write as they are (then `data` is unused). */
  deflated?: Buffer;
  /** The uncompressed size to declare, true or not. */
  declaredSize?: number;
};

/** A zip archive of these entries (no zip64, no comment). */
export function zipArchive(entries: ZipFixtureEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data, "utf8");
    const body = entry.deflated ?? (entry.stored ? data : zlib.deflateRawSync(data));
    const name = Buffer.from(entry.name, "utf8");
    const fields = {
      method: entry.stored ? 0 : 8,
      crc: entry.deflated ? 0 : zlib.crc32(data),
      compressedSize: body.length,
      uncompressedSize: entry.declaredSize ?? data.length,
    };
    const local = localHeader(name, fields);
    locals.push(local, body);
    centrals.push(centralHeader(name, fields, offset));
    offset += local.length + body.length;
  }
  const central = Buffer.concat(centrals);
  return Buffer.concat([...locals, central, endRecord(entries.length, central.length, offset)]);
}

type HeaderFields = { method: number; crc: number; compressedSize: number; uncompressedSize: number };

function localHeader(name: Buffer, f: HeaderFields): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4); // version needed
  header.writeUInt16LE(0x0800, 6); // UTF-8 names
  header.writeUInt16LE(f.method, 8);
  header.writeUInt32LE(f.crc, 14);
  header.writeUInt32LE(f.compressedSize, 18);
  header.writeUInt32LE(f.uncompressedSize, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

function centralHeader(name: Buffer, f: HeaderFields, localOffset: number): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(20, 4); // version made by
  header.writeUInt16LE(20, 6); // version needed
  header.writeUInt16LE(0x0800, 8);
  header.writeUInt16LE(f.method, 10);
  header.writeUInt32LE(f.crc, 16);
  header.writeUInt32LE(f.compressedSize, 20);
  header.writeUInt32LE(f.uncompressedSize, 24);
  header.writeUInt16LE(name.length, 28);
  header.writeUInt32LE(localOffset, 42);
  return Buffer.concat([header, name]);
}

function endRecord(count: number, centralSize: number, centralOffset: number): Buffer {
  const record = Buffer.alloc(22);
  record.writeUInt32LE(0x06054b50, 0);
  record.writeUInt16LE(count, 8);
  record.writeUInt16LE(count, 10);
  record.writeUInt32LE(centralSize, 12);
  record.writeUInt32LE(centralOffset, 16);
  return record;
}

/** Deflates `bytes` zeros, written in 1 MB pieces so they are never all in memory: a zip bomb's payload. */
export async function deflatedZeros(bytes: number): Promise<Buffer> {
  const piece = Buffer.alloc(1024 * 1024);
  const deflater = zlib.createDeflateRaw({ level: 9 });
  const parts: Buffer[] = [];
  deflater.on("data", (part: Buffer) => parts.push(part));
  const done = new Promise<void>((resolve, reject) => deflater.on("end", resolve).on("error", reject));
  for (let left = bytes; left > 0; left -= piece.length) {
    const more = deflater.write(left >= piece.length ? piece : piece.subarray(0, left));
    if (!more) await new Promise((resolve) => deflater.once("drain", resolve));
  }
  deflater.end();
  await done;
  return Buffer.concat(parts);
}

// ---- .docx ------------------------------------------------------------------

const W_NS = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

/** A paragraph, optionally with a style ("Heading1") or list numbering (numId, level). */
export function wParagraph(text: string, opts: { style?: string; numId?: number; level?: number; bold?: boolean } = {}): string {
  const style = opts.style ? `<w:pStyle w:val="${opts.style}"/>` : "";
  const numbering = opts.numId ? `<w:numPr><w:ilvl w:val="${opts.level ?? 0}"/><w:numId w:val="${opts.numId}"/></w:numPr>` : "";
  const properties = style || numbering ? `<w:pPr>${style}${numbering}</w:pPr>` : "";
  const run = `<w:r>${opts.bold ? "<w:rPr><w:b/></w:rPr>" : ""}<w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`;
  return `<w:p>${properties}${run}</w:p>`;
}

/** A table; the first row marked as a header row. */
export function wTable(rows: string[][]): string {
  const row = (cells: string[], header: boolean) =>
    `<w:tr>${header ? "<w:trPr><w:tblHeader/></w:trPr>" : ""}${cells.map((cell) => `<w:tc>${wParagraph(cell)}</w:tc>`).join("")}</w:tr>`;
  return `<w:tbl>${rows.map((cells, i) => row(cells, i === 0)).join("")}</w:tbl>`;
}

/** Bullet list is numId 1 (levels 0-2), numbered list numId 2. */
export function docxArchive(bodyXml: string, extra: ZipFixtureEntry[] = []): Buffer {
  return zipArchive([
    { name: "[Content_Types].xml", data: CONTENT_TYPES },
    { name: "_rels/.rels", data: PACKAGE_RELS },
    { name: "word/_rels/document.xml.rels", data: DOCUMENT_RELS },
    { name: "word/document.xml", data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${W_NS}><w:body>${bodyXml}</w:body></w:document>` },
    { name: "word/styles.xml", data: STYLES },
    { name: "word/numbering.xml", data: NUMBERING },
    ...extra,
  ]);
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>
<Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/>
</Types>`;

const PACKAGE_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>
</Relationships>`;

const DOCUMENT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>
<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/>
</Relationships>`;

const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles ${W_NS}>
${[1, 2, 3].map((n) => `<w:style w:type="paragraph" w:styleId="Heading${n}"><w:name w:val="heading ${n}"/></w:style>`).join("\n")}
<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/></w:style>
</w:styles>`;

const NUMBERING = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:numbering ${W_NS}>
<w:abstractNum w:abstractNumId="0">
${[0, 1, 2].map((level) => `<w:lvl w:ilvl="${level}"><w:numFmt w:val="bullet"/><w:lvlText w:val="•"/></w:lvl>`).join("\n")}
</w:abstractNum>
<w:abstractNum w:abstractNumId="1">
${[0, 1].map((level) => `<w:lvl w:ilvl="${level}"><w:numFmt w:val="decimal"/><w:lvlText w:val="%${level + 1}."/></w:lvl>`).join("\n")}
</w:abstractNum>
<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>
<w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num>
</w:numbering>`;
