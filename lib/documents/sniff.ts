// Recognise a file by its first bytes, whatever its name says. Pure: no I/O.

type Signature = { format: string; bytes: number[] | string };

// Formats people rename to .txt or .docx. Only signatures no real text starts
// with: short ASCII ones ("MZ", "BM", "ID3") would catch "MZ Wallace" or
// "BMW"; such binaries are caught by their control bytes instead.
const SIGNATURES: Signature[] = [
  { format: "zip", bytes: [0x50, 0x4b, 0x03, 0x04] },
  { format: "zip", bytes: [0x50, 0x4b, 0x05, 0x06] }, // empty archive
  { format: "zip", bytes: [0x50, 0x4b, 0x07, 0x08] }, // spanned archive
  { format: "pdf", bytes: "%PDF-" },
  { format: "ole", bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] }, // .doc, .xls, encrypted .docx
  { format: "rtf", bytes: "{\\rtf1" }, // text, but markup rather than content
  { format: "png", bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { format: "jpeg", bytes: [0xff, 0xd8, 0xff] },
  { format: "gif", bytes: "GIF87a" },
  { format: "gif", bytes: "GIF89a" },
  { format: "tiff", bytes: [0x49, 0x49, 0x2a, 0x00] },
  { format: "tiff", bytes: [0x4d, 0x4d, 0x00, 0x2a] },
  { format: "matroska", bytes: [0x1a, 0x45, 0xdf, 0xa3] },
  { format: "elf", bytes: [0x7f, 0x45, 0x4c, 0x46] },
  { format: "mach-o", bytes: [0xcf, 0xfa, 0xed, 0xfe] },
  { format: "mach-o", bytes: [0xfe, 0xed, 0xfa, 0xcf] },
  { format: "wasm", bytes: [0x00, 0x61, 0x73, 0x6d] },
  { format: "gzip", bytes: [0x1f, 0x8b, 0x08] },
  { format: "xz", bytes: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00] },
  { format: "7z", bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c] },
  { format: "rar", bytes: [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07] },
  { format: "sqlite", bytes: "SQLite format 3\0" },
];

/** The binary format these bytes start with ("zip", "pdf", ...), or null. */
export function sniffFormat(head: Uint8Array): string | null {
  for (const signature of SIGNATURES) {
    if (startsWith(head, signature.bytes)) return signature.format;
  }
  return null;
}

export function isZip(head: Uint8Array): boolean {
  return sniffFormat(head) === "zip";
}

function startsWith(head: Uint8Array, expected: number[] | string): boolean {
  const bytes = typeof expected === "string" ? [...expected].map((c) => c.charCodeAt(0)) : expected;
  return head.length >= bytes.length && bytes.every((byte, i) => head[i] === byte);
}
