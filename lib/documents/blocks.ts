// A document's structure as markdown blocks, and plain text split into them.
// Pure: no I/O (the browser may use it to preview a paste).

/**
 * One block of a document. `text` is the block's markdown: "## Title" for a
 * level-2 heading, "- item" / "1. item" lines (nested ones indented) for a
 * list, "| a | b |" rows for a table. The document's text is its blocks'
 * texts joined by blank lines.
 */
export type DocumentBlock = {
  type: "heading" | "paragraph" | "list" | "table";
  /** Heading level, 1-6; only on headings. */
  level?: number;
  text: string;
};

/** The document's markdown: blocks separated by blank lines. */
export function joinBlocks(blocks: DocumentBlock[]): string {
  return blocks.map((block) => block.text).join("\n\n");
}

/** A heading block; `text` is its plain text. */
export function headingBlock(level: number, text: string): DocumentBlock {
  const clamped = Math.min(6, Math.max(1, level));
  return { type: "heading", level: clamped, text: `${"#".repeat(clamped)} ${text}` };
}

/**
 * Splits clean text (see decode.ts) into blocks at blank lines; a text with no
 * blank line at all (common in Chinese .txt: one paragraph per line, indented
 * with full-width spaces) is split at every line. A block that is one markdown
 * heading line ("# Title") is a heading; one whose lines are all list items
 * ("- ", "* ", "1. ") is a list, indentation kept; anything else a paragraph,
 * its lines trimmed.
 */
export function blocksFromPlainText(text: string): DocumentBlock[] {
  const chunks = BLANK_LINE.test(text) ? text.split(BLANK_LINE) : text.split("\n");
  return chunks.map(trimChunk).filter((chunk) => chunk !== "").flatMap(splitAtLineBreaks).map(classifyChunk);
}

/**
 * A single line break inside a paragraph is kept as the start of a new entry (a dialogue
 * with one speaker per line, a list of sentences), except where it only wraps a sentence:
 * the line before ends without a sentence's end and the next line is no "Name:" line.
 * A heading line stands alone; a list stays one block.
 */
function splitAtLineBreaks(chunk: string): string[] {
  const lines = chunk.split("\n");
  if (lines.length === 1 || lines.every((line) => LIST_LINE.test(line))) return [chunk];
  const groups: string[][] = [];
  for (const line of lines) {
    const group = groups.at(-1);
    const previous = group?.at(-1)?.trim() ?? "";
    const wrapsSentence = group && !HEADING_LINE.test(group[0]!.trim()) && !HEADING_LINE.test(line.trim()) && !SENTENCE_END.test(previous) && !SPEAKER_LINE.test(line.trim());
    if (wrapsSentence) group.push(line);
    else groups.push([line]);
  }
  return groups.map((group) => group.join("\n"));
}

// Ends a sentence: . ! ? … ; (also full-width), possibly followed by a closing quote or bracket.
const SENTENCE_END = /[.!?。！？…;；](?:["'”’」』)）\]])?$/u;
// "Anna: …", "Dr. Li：…", "Speaker 2: …": one to three short words, then a colon.
const SPEAKER_LINE = /^[^\s:：]{1,24}(?:\s[^\s:：]{1,24}){0,2}\s?[:：]\s*\S/u;

// A line break, then a line of nothing but spaces (any: also U+3000), then a line break.
const BLANK_LINE = /\n[^\S\n]*\n/;

/** A title from text: the first non-empty line without heading marks, cut to about `max` characters. */
export function titleFromText(text: string, max = 60): string {
  const firstLine = text.split("\n").find((line) => line.trim() !== "") ?? "";
  return shorten(firstLine.replace(/^\s*#{1,6}\s+/, "").trim(), max);
}

/** The first heading's text, if the document has one. */
export function firstHeadingTitle(blocks: DocumentBlock[], max = 60): string | null {
  const heading = blocks.find((block) => block.type === "heading");
  return heading ? titleFromText(heading.text, max) : null;
}

/** Cut to at most `max` characters (whole code points), at a word end when one is near, with "…". */
export function shorten(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join("");
  const wordEnd = cut.search(/\s\S*$/);
  const kept = wordEnd > max * 0.6 ? cut.slice(0, wordEnd) : cut;
  return `${kept.trimEnd()}…`;
}

const HEADING_LINE = /^(#{1,6})\s+(\S.*)$/;
const LIST_LINE = /^\s*(?:[-*+]|\d{1,3}[.)])\s+\S/;

function classifyChunk(chunk: string): DocumentBlock {
  const heading = chunk.includes("\n") ? null : HEADING_LINE.exec(chunk.trim());
  if (heading) return headingBlock(heading[1]!.length, heading[2]!.trim());
  const lines = chunk.split("\n");
  if (lines.every((line) => LIST_LINE.test(line))) return { type: "list", text: chunk };
  return { type: "paragraph", text: lines.map((line) => line.trim()).join("\n") };
}

/** Drops trailing spaces of each line and blank lines at both ends; keeps indentation for lists. */
function trimChunk(chunk: string): string {
  return chunk
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n")
    .replace(/^\n+|\n+$/g, "");
}
