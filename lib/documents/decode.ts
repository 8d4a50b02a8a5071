// Text file bytes to clean text: find the encoding (BOM, UTF-16 by its NULs,
// strict UTF-8, then the legacy CJK encodings chosen by how plausible their
// result is, else windows-1252), decode, and normalise. Uses the WHATWG
// decoders of Node's full ICU; no dependency.
import "server-only";
import { COMMON_HANGUL, COMMON_HANZI } from "./common-chars";

export type DecodedText = { text: string; encoding: string };

/** Decodes a text file's bytes into NFC text with "\n" newlines and no control characters but "\t". */
export function decodeText(buf: Uint8Array): DecodedText {
  const encoding = detectEncoding(buf);
  return { text: cleanText(decodeAs(buf, encoding)), encoding };
}

/** The WHATWG name of the encoding these bytes are most plausibly in. */
export function detectEncoding(buf: Uint8Array): string {
  return (
    encodingFromBom(buf) ??
    utf16FromNuls(buf) ??
    (decodesStrictly(buf, "utf-8") ? "utf-8" : null) ??
    (isMostlyUtf8(buf) ? "utf-8" : null) ??
    mostPlausibleLegacyEncoding(buf)
  );
}

/** Decodes without failing (bad bytes become U+FFFD) and drops a leading BOM. */
export function decodeAs(buf: Uint8Array, encoding: string): string {
  if (encoding === "windows-1252") return decodeWindows1252(buf);
  return new TextDecoder(encoding).decode(buf);
}

// Node 20.18.3+ decodes "windows-1252" as Latin-1, so 0x80-0x9F come out as
// C1 controls instead of € ‘ ’ “ ” – — … (nodejs/node#60888). Own table.
const WINDOWS_1252_80_TO_9F =
  "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f" +
  "\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";

function decodeWindows1252(buf: Uint8Array): string {
  return Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength)
    .toString("latin1")
    .replace(/[\u0080-\u009f]/g, (ch) => WINDOWS_1252_80_TO_9F[ch.charCodeAt(0) - 0x80]!);
}

/** Newlines to "\n", control characters (but "\t" and "\n") and stray BOMs removed, NFC. */
export function cleanText(raw: string): string {
  return raw
    .replace(/\r\n?|[\v\f\u0085\u2028]/g, "\n")
    .replace(/\u2029/g, "\n\n")
    .replace(/[\u0000-\u0008\u000e-\u001f\u007f-\u009f\ufeff]/g, "")
    .normalize("NFC");
}

/**
 * Share of characters no text file contains (NUL and other control
 * characters, undecodable bytes): near 0 for text, over 0.1 for binaries
 * read as windows-1252. ESC is allowed: logs carry colour codes.
 */
export function binaryShare(raw: string): number {
  if (raw.length === 0) return 0;
  const sample = raw.slice(0, SAMPLE_CHARS);
  const suspicious = sample.match(/[\u0000-\u0008\u000e-\u001a\u001c-\u001f\u007f-\u009f\ufffd]/g)?.length ?? 0;
  return suspicious / sample.length;
}

// Scoring looks at the start of the text only: enough to judge, bounded in time.
const SAMPLE_CHARS = 200_000;

function encodingFromBom(buf: Uint8Array): string | null {
  if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) return "utf-8";
  if (buf[0] === 0xff && buf[1] === 0xfe) return "utf-16le";
  if (buf[0] === 0xfe && buf[1] === 0xff) return "utf-16be";
  return null;
}

/**
 * UTF-16 without BOM: Latin text in UTF-16 has a NUL in every other byte.
 * (CJK text in UTF-16 without BOM has none and is not recognised.)
 */
function utf16FromNuls(buf: Uint8Array): string | null {
  const pairs = Math.floor(Math.min(buf.length, 8192) / 2);
  if (pairs < 2) return null;
  let nulsAtEven = 0;
  let nulsAtOdd = 0;
  for (let i = 0; i < pairs; i++) {
    if (buf[2 * i] === 0) nulsAtEven++;
    if (buf[2 * i + 1] === 0) nulsAtOdd++;
  }
  const many = pairs * 0.3;
  const few = pairs * 0.05;
  if (nulsAtOdd >= many && nulsAtEven <= few) return "utf-16le";
  if (nulsAtEven >= many && nulsAtOdd <= few) return "utf-16be";
  return null;
}

function decodesStrictly(buf: Uint8Array, encoding: string): boolean {
  return strictDecode(buf, encoding) !== null;
}

function strictDecode(buf: Uint8Array, encoding: string): string | null {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(buf);
  } catch {
    return null;
  }
}

/** UTF-8 with a few broken bytes (a cut-off end, a pasted fragment): under 1% of its non-ASCII characters. */
function isMostlyUtf8(buf: Uint8Array): boolean {
  const sample = decodeAs(buf, "utf-8").slice(0, SAMPLE_CHARS);
  let nonAscii = 0;
  let broken = 0;
  for (const ch of sample) {
    if (ch.charCodeAt(0) < 0x80) continue;
    nonAscii++;
    if (ch === "\ufffd") broken++;
  }
  return broken > 0 && broken < nonAscii * 0.01;
}

type Candidate = { encoding: string; score: (text: string) => number };

// In order of preference when two score the same: most of our users write Chinese.
const LEGACY_CANDIDATES: Candidate[] = [
  { encoding: "gb18030", score: (text) => cjkScore(text, isCommonHanzi) },
  { encoding: "big5", score: (text) => cjkScore(text, isCommonHanzi) },
  { encoding: "shift_jis", score: (text) => cjkScore(text, isJapanese) },
  { encoding: "euc-jp", score: (text) => cjkScore(text, isJapanese) },
  { encoding: "euc-kr", score: (text) => cjkScore(text, isCommonHangul) },
];

// A CJK reading with more implausible than common characters is noise.
const MIN_CJK_SCORE = 0;

function mostPlausibleLegacyEncoding(buf: Uint8Array): string {
  // windows-1252 is one byte per character, so a prefix of bytes is a prefix of its text.
  // A tie goes to the CJK reading: short texts are ambiguous and most of our users write Chinese.
  const latin = latinScore(decodeAs(buf.subarray(0, SAMPLE_CHARS), "windows-1252"));
  let best = { encoding: "windows-1252", score: latin - 0.01 };
  for (const candidate of LEGACY_CANDIDATES) {
    const text = strictDecode(buf, candidate.encoding);
    if (text === null) continue;
    const score = candidate.score(text.slice(0, SAMPLE_CHARS));
    if (score >= MIN_CJK_SCORE && score > best.score) best = { encoding: candidate.encoding, score };
  }
  return best.encoding;
}

/**
 * Plausibility of a CJK reading, about -4..1: the share of its non-ASCII
 * characters that are the language's common ones or CJK punctuation, minus
 * a heavy penalty for characters no such text has.
 */
function cjkScore(text: string, isExpected: (ch: string, cp: number) => boolean): number {
  let nonAscii = 0;
  let good = 0;
  let bad = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x80) {
      if (isControl(cp)) bad++;
      continue;
    }
    nonAscii++;
    if (isImplausibleInCjkText(cp)) bad++;
    else if (isCjkPunctuation(cp) || isExpected(ch, cp)) good++;
  }
  return nonAscii === 0 ? 0 : (good - 4 * bad) / nonAscii;
}

function isCommonHanzi(ch: string): boolean {
  return COMMON_HANZI.has(ch);
}

function isCommonHangul(ch: string): boolean {
  return COMMON_HANGUL.has(ch);
}

/** Kana (Japanese text is about half kana) or a common kanji. */
function isJapanese(ch: string, cp: number): boolean {
  return (cp >= 0x3041 && cp <= 0x30ff) || COMMON_HANZI.has(ch);
}

function isCjkPunctuation(cp: number): boolean {
  return (
    (cp >= 0x2010 && cp <= 0x2027) || // dashes, quotes, ellipsis
    (cp >= 0x3000 && cp <= 0x303f) || // 、。「」《》
    (cp >= 0xff01 && cp <= 0xff5e) // ，！？：；（）
  );
}

/** What wrong decodings produce: private use, half-width katakana, rare ideographs, Yi, controls. */
function isImplausibleInCjkText(cp: number): boolean {
  return (
    isControl(cp) ||
    cp === 0xfffd ||
    (cp >= 0xe000 && cp <= 0xf8ff) ||
    (cp >= 0xff61 && cp <= 0xff9f) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0xa000 && cp <= 0xa4cf) ||
    cp >= 0x20000
  );
}

function isControl(cp: number): boolean {
  return (cp < 0x20 && cp !== 0x09 && cp !== 0x0a && cp !== 0x0d && cp !== 0x0c) || (cp >= 0x7f && cp <= 0x9f);
}

const LATIN_LETTERS = /[\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u00ff\u0152\u0153\u0160\u0161\u0178\u017d\u017e]/;
const LATIN_PUNCTUATION = /[\u00a0\u00a1\u00ab\u00b0\u00b7\u00bb\u00bf\u00a9\u00ae\u00aa\u00ba\u2013\u2014\u2018\u2019\u201a\u201c\u201d\u201e\u2022\u2026\u20ac\u2122]/;

/**
 * Plausibility of a windows-1252 reading, about -1..1: accented letters and
 * typographic punctuation are good, other symbols bad. Runs of three or more
 * non-ASCII characters are bad too: Latin text has them seldom, CJK bytes
 * read as windows-1252 ("ÖÐÎÄ") all the time.
 */
function latinScore(text: string): number {
  let nonAscii = 0;
  let good = 0;
  for (const [run] of text.matchAll(/[^\u0000-\u007f]+/g)) {
    const chars = [...run];
    nonAscii += chars.length;
    if (chars.length >= 3) continue;
    good += chars.filter((ch) => LATIN_LETTERS.test(ch) || LATIN_PUNCTUATION.test(ch)).length;
  }
  return nonAscii === 0 ? 0 : (2 * good - nonAscii) / nonAscii;
}
