// mammoth's HTML to markdown blocks. mammoth writes a small, well-formed,
// escaped subset (h1-h6, p, ul/ol/li, table/thead/tbody/tr/th/td, strong, em,
// a, br, img, sup, sub, s), so a small tolerant parser is enough: no
// dependency, and nothing here ever runs a browser's HTML rules. Pure.
import { headingBlock, type DocumentBlock } from "./blocks";

type HtmlText = { kind: "text"; text: string };
type HtmlElement = { kind: "element"; tag: string; attributes: Record<string, string>; children: HtmlNode[] };
type HtmlNode = HtmlText | HtmlElement;

/** The blocks of mammoth's HTML, in order; empty blocks are left out. */
export function htmlToBlocks(html: string): DocumentBlock[] {
  const blocks: DocumentBlock[] = [];
  collectBlocks(parseHtml(html).children, blocks);
  return blocks;
}

// ---- parsing ---------------------------------------------------------------

const VOID_TAGS = new Set(["br", "img", "hr", "col", "wbr"]);
// A tag with quoted attributes (which may hold ">"), a comment, or text.
const TOKEN = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s"'=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*(\/?)>|<!--[\s\S]*?(?:-->|$)|<!?[^>]*>|([^<]+|<)/g;
const ATTRIBUTE = /([^\s"'=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

function parseHtml(html: string): HtmlElement {
  const root: HtmlElement = { kind: "element", tag: "#root", attributes: {}, children: [] };
  const open: HtmlElement[] = [root];
  for (const match of html.matchAll(TOKEN)) {
    const [, closing, rawTag, rawAttributes, selfClosing, text] = match;
    const current = open[open.length - 1]!;
    if (text !== undefined) current.children.push({ kind: "text", text: decodeEntities(text) });
    if (rawTag === undefined) continue; // comment, doctype
    const tag = rawTag.toLowerCase();
    if (closing) closeElement(open, tag);
    else {
      const element: HtmlElement = { kind: "element", tag, attributes: parseAttributes(rawAttributes ?? ""), children: [] };
      current.children.push(element);
      if (!selfClosing && !VOID_TAGS.has(tag)) open.push(element);
    }
  }
  return root;
}

/** Closes the innermost open element with this tag (and any left open inside it); a stray end tag is ignored. */
function closeElement(open: HtmlElement[], tag: string): void {
  for (let i = open.length - 1; i > 0; i--) {
    if (open[i]!.tag === tag) {
      open.length = i;
      return;
    }
  }
}

function parseAttributes(raw: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [, name, doubleQuoted, singleQuoted, bare] of raw.matchAll(ATTRIBUTE)) {
    attributes[name!.toLowerCase()] = decodeEntities(doubleQuoted ?? singleQuoted ?? bare ?? "");
  }
  return attributes;
}

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] !== "#") return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
    const codePoint = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    return codePoint > 0 && codePoint <= 0x10ffff && !(codePoint >= 0xd800 && codePoint <= 0xdfff) ? String.fromCodePoint(codePoint) : "\ufffd";
  });
}

// ---- rendering ---------------------------------------------------------------

const HEADING_TAGS: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
const BLOCK_TAGS = new Set([
  ...Object.keys(HEADING_TAGS),
  ...["p", "ul", "ol", "table", "div", "blockquote", "section", "article", "pre", "dl", "hr"],
]);

/** Walks sibling nodes; inline content between blocks becomes a paragraph. */
function collectBlocks(nodes: HtmlNode[], out: DocumentBlock[]): void {
  let inlineRun: HtmlNode[] = [];
  const flushInline = () => {
    pushParagraph(inlineText(inlineRun), out);
    inlineRun = [];
  };
  for (const node of nodes) {
    if (node.kind === "element" && BLOCK_TAGS.has(node.tag)) {
      flushInline();
      collectBlock(node, out);
    } else inlineRun.push(node);
  }
  flushInline();
}

function collectBlock(element: HtmlElement, out: DocumentBlock[]): void {
  const level = HEADING_TAGS[element.tag];
  if (level) {
    const text = inlineText(element.children).replace(/\n/g, " ");
    if (text) out.push(headingBlock(level, text));
  } else if (element.tag === "p") pushParagraph(inlineText(element.children), out);
  else if (element.tag === "ul" || element.tag === "ol") pushBlock("list", listLines(element, "").join("\n"), out);
  else if (element.tag === "table") pushBlock("table", tableLines(element).join("\n"), out);
  else collectBlocks(element.children, out); // div, blockquote...: their content
}

function pushParagraph(text: string, out: DocumentBlock[]): void {
  pushBlock("paragraph", text, out);
}

function pushBlock(type: DocumentBlock["type"], text: string, out: DocumentBlock[]): void {
  if (text.trim() !== "") out.push({ type, text });
}

/**
 * Plain text of inline content: formatting dropped, images dropped, <br> a
 * line break. Whitespace runs collapse to one space, as in HTML; lines are
 * trimmed and empty ones dropped (a blank line would end the block).
 */
function inlineText(nodes: HtmlNode[]): string {
  return rawInlineText(nodes)
    .split("\n")
    .map((line) => line.replace(/[ \t\r\f\u00a0]+/g, " ").trim())
    .filter((line) => line !== "")
    .join("\n");
}

function rawInlineText(nodes: HtmlNode[]): string {
  let text = "";
  for (const node of nodes) {
    if (node.kind === "text") text += node.text.replace(/\n/g, " ");
    else if (node.tag === "br") text += "\n";
    else if (node.tag === "img" || isFootnoteBackLink(node)) continue;
    else if (BLOCK_TAGS.has(node.tag) || node.tag === "li") text += `\n${rawInlineText(node.children)}\n`;
    else text += rawInlineText(node.children);
  }
  return text;
}

/** mammoth ends each footnote with a "↑" link back to its reference. */
function isFootnoteBackLink(element: HtmlElement): boolean {
  return element.tag === "a" && /^#(?:footnote|endnote|comment)-ref-/.test(element.attributes.href ?? "");
}

/** "- item" / "1. item" lines; a nested list is indented under its item's text. */
function listLines(list: HtmlElement, indent: string): string[] {
  const lines: string[] = [];
  let number = 0;
  for (const item of childElements(list, "li")) {
    const marker = list.tag === "ol" ? `${++number}. ` : "- ";
    const nestedIndent = indent + " ".repeat(marker.length);
    const ownContent = item.children.filter((child) => !isList(child));
    const [first, ...more] = inlineText(ownContent).split("\n").filter((line) => line !== "");
    if (first !== undefined) lines.push(indent + marker + first, ...more.map((line) => nestedIndent + line));
    for (const nested of item.children.filter(isList)) lines.push(...listLines(nested, nestedIndent));
  }
  return lines;
}

function isList(node: HtmlNode): node is HtmlElement {
  return node.kind === "element" && (node.tag === "ul" || node.tag === "ol");
}

/** "| a | b |" rows, a "| --- |" rule after the first so markdown shows a table; rows padded to the widest. */
function tableLines(table: HtmlElement): string[] {
  const rows = tableRows(table).filter((row) => row.some((cell) => cell !== ""));
  if (rows.length === 0) return [];
  const width = Math.max(...rows.map((row) => row.length));
  const line = (cells: string[]) => `| ${[...cells, ...Array<string>(width - cells.length).fill("")].join(" | ")} |`;
  return [line(rows[0]!), line(Array<string>(width).fill("---")), ...rows.slice(1).map(line)];
}

function tableRows(table: HtmlElement): string[][] {
  const rows: string[][] = [];
  for (const child of table.children) {
    if (child.kind !== "element") continue;
    if (child.tag === "tr") rows.push(rowCells(child));
    else if (child.tag === "thead" || child.tag === "tbody" || child.tag === "tfoot") rows.push(...tableRows(child));
  }
  return rows;
}

/** A cell's whole content on one line, "|" escaped; a cell spanning columns leaves empty ones after it. */
function rowCells(row: HtmlElement): string[] {
  const cells: string[] = [];
  for (const cell of row.children) {
    if (cell.kind !== "element" || (cell.tag !== "td" && cell.tag !== "th")) continue;
    cells.push(inlineText(cell.children).replace(/\n/g, " ").replace(/\|/g, "\\|"));
    const span = Math.min(Number.parseInt(cell.attributes.colspan ?? "1", 10) || 1, 64);
    for (let i = 1; i < span; i++) cells.push("");
  }
  return cells;
}

function childElements(parent: HtmlElement, tag: string): HtmlElement[] {
  return parent.children.filter((child): child is HtmlElement => child.kind === "element" && child.tag === tag);
}
