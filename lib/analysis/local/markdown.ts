// Documents reach the analyzer as markdown blocks (lib/documents: "# Title", "- item" lists,
// "| a | b |" tables), one block per timeline entry, and the analyzer's passage loader folds
// their line breaks into spaces. This reads such a passage back into plain text blocks, so
// heading marks, list markers, table pipes and backslash escapes never show up as words.

/** prose: a paragraph or one list item; heading: a title (informs topic names, never quoted); table: one row. */
export type BlockKind = "prose" | "heading" | "table";

export interface TextBlock {
  kind: BlockKind;
  text: string;
}

const HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const BULLET = /^ {0,12}[-*+][ \t]+(?=\S)/;
const ORDERED = /^ {0,12}\d{1,3}[.)][ \t]+(?=\S)/;
const QUOTE = /^ {0,3}>[ \t]?/;
const TABLE_ROW = /^ {0,3}\|.*\|[ \t]*$/;
const DELIMITER_CELL = /^\s*:?-{3,}:?\s*$/;

/** The plain blocks of one passage's text (markdown or not); plain speech comes back as one prose block. */
export function readBlocks(text: string): TextBlock[] {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  if (lines.length === 1) return readLine(lines[0]!);
  const blocks: TextBlock[] = [];
  let paragraph: string[] = [];
  let table: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push(prose(paragraph.join(" ")));
    if (table.length) blocks.push(...tableRows(table));
    paragraph = [];
    table = [];
  };
  for (const line of lines) {
    if (TABLE_ROW.test(line)) {
      if (paragraph.length) flush();
      table.push(line);
      continue;
    }
    if (table.length) flush();
    if (!line.trim()) flush();
    else if (HEADING.test(line)) {
      flush();
      paragraph.push(line);
      flush();
    } else {
      if (BULLET.test(line) || ORDERED.test(line)) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks.flatMap((b) => (b.kind === "prose" ? readLine(b.text) : [b])).filter((b) => b.text);
}

/** One line, or a block whose line breaks were folded into spaces. */
function readLine(line: string): TextBlock[] {
  const heading = HEADING.exec(line);
  if (heading) return [{ kind: "heading" as const, text: inlinePlain(heading[2]!) }].filter((b) => b.text);
  if (TABLE_ROW.test(line)) return tableRows([line]);
  if (BULLET.test(line)) return listItems(line, /\s+(?=[-*+]\s+\S)/u, BULLET);
  if (ORDERED.test(line)) return listItems(line, /\s+(?=\d{1,3}[.)]\s+\S)/u, ORDERED);
  return [prose(line)].filter((b) => b.text);
}

function prose(text: string): TextBlock {
  return { kind: "prose", text: inlinePlain(text.replace(QUOTE, "")) };
}

/** "- a - b" (a list folded onto one line) or "- a": one prose block per item. */
function listItems(line: string, itemStart: RegExp, marker: RegExp): TextBlock[] {
  return line
    .split(itemStart)
    .map((item) => prose(item.replace(marker, "")))
    .filter((b) => b.text);
}

/**
 * Table rows as "cell; cell" lines, the "| --- |" rule dropped. A table folded onto one line
 * ("| a | b | | --- | --- | | c | d |") is cut into rows by the rule's width.
 */
function tableRows(lines: string[]): TextBlock[] {
  const rows = lines.length > 1 ? lines.map(cellsOf) : foldedRows(cellsOf(lines[0]!));
  return rows
    .filter((cells) => !cells.every((c) => DELIMITER_CELL.test(c) || !c.trim()))
    .map((cells) => ({ kind: "table" as const, text: cells.map(inlinePlain).filter(Boolean).join("; ") }))
    .filter((b) => b.text);
}

/** The cells between unescaped pipes, outer pipes dropped. */
function cellsOf(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, "")
    .replace(/(?<!\\)\|$/, "")
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}

function foldedRows(cells: string[]): string[][] {
  const first = cells.findIndex((c) => DELIMITER_CELL.test(c));
  let width = 0;
  while (first >= 0 && first + width < cells.length && DELIMITER_CELL.test(cells[first + width]!)) width++;
  // The header row ends one cell (the folded row break) before the rule.
  if (first < 0 || first !== width + 1 || cells[width] !== "") return [cells];
  const rows: string[][] = [cells.slice(0, width)];
  for (let at = first + width + 1; at < cells.length; at += width + 1) rows.push(cells.slice(at, at + width));
  return rows;
}

/**
 * Markdown's inline marks removed: backslash escapes, **strong**, *emphasis*, _emphasis_
 * (an underscore inside a word, as in "pyannote_sample", is kept), `code`, ~~strike~~,
 * [links](url) and images, autolinks' brackets.
 */
export function inlinePlain(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\((?:[^()\s]+|<[^>]*>)(?:\s+"[^"]*")?\)/g, "$1")
    .replace(/<((?:https?|mailto):[^>\s]+)>/g, "$1")
    .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, "$2")
    .replace(/(?<![\\*\p{L}\p{N}])\*(?=[^\s*])(.+?)(?<=[^\s\\*])\*(?![*\p{L}\p{N}])/gu, "$1")
    .replace(/(?<![\\\p{L}\p{N}_])_(?=[^\s_])(.+?)(?<=[^\s\\_])_(?![\p{L}\p{N}_])/gu, "$1")
    .replace(/~~(?=\S)(.+?)(?<=\S)~~/g, "$1")
    .replace(/`+([^`]+)`+/g, "$1")
    .replace(/\\([!-/:-@[-`{-~])/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
}
