// A summary's markdown as a mind-map tree, through markmap-lib's own transformer (the same
// parser markmap-view draws with), trimmed to plain text and four levels.
import { Transformer } from "markmap-lib";
import type { MindMapNode } from "./types";

/** Root, sections (H2), subsections (H3), items: deeper levels do not fit a readable map. */
export const MIND_MAP_MAX_LEVELS = 4;

// No plugins: the KaTeX plugin would read "costs $5 and $10" as a formula, and the others
// (code highlighting, checkboxes, front matter) only matter for drawing.
const transformer = new Transformer([]);
type MarkmapNode = ReturnType<Transformer["transform"]>["root"];

/**
 * The mind map of a markdown text: the H1 as root, then H2, H3 and list items. Paragraphs become
 * items of their heading (markmap itself skips them). Without an H1 the root is `fallbackTitle`.
 * Text is plain: markup removed, HTML entities decoded.
 */
export function mindMapFromMarkdown(markdown: string, fallbackTitle = ""): MindMapNode {
  const tokens = transformer.md.parse(markdown, {});
  const hasTitle = tokens.some((t) => t.type === "heading_open" && t.tag === "h1");
  let root = toNode(transformer.transform(paragraphsAsItems(markdown, tokens)).root);
  if (!hasTitle && root.content) root = { content: fallbackTitle, children: [root] };
  else if (!root.content) root = { ...root, content: fallbackTitle };
  return trimDepth(root, 1);
}

/** Rewrites each top-level paragraph as a one-line list item, so that it shows in the map. */
function paragraphsAsItems(markdown: string, tokens: ReturnType<Transformer["md"]["parse"]>): string {
  const lines: (string | null)[] = markdown.split("\n");
  for (const token of tokens) {
    if (token.type !== "paragraph_open" || token.level !== 0 || !token.map) continue;
    const [start, end] = token.map;
    lines[start] = `- ${lines.slice(start, end).map((l) => (l ?? "").trim()).join(" ")}`;
    for (let i = start + 1; i < end; i++) lines[i] = null;
  }
  return lines.filter((l) => l !== null).join("\n");
}

function toNode(node: MarkmapNode): MindMapNode {
  return { content: plainText(node.content), children: node.children.map(toNode) };
}

/** Nodes below the fourth level are dropped. */
function trimDepth(node: MindMapNode, level: number): MindMapNode {
  return { content: node.content, children: level >= MIND_MAP_MAX_LEVELS ? [] : node.children.map((child) => trimDepth(child, level + 1)) };
}

/** markmap gives node content as HTML (tags, and non-ASCII as entities). */
function plainText(html: string): string {
  return transformer.md.utils.unescapeAll(html.replace(/<[^>]*>/g, "")).replace(/\s+/g, " ").trim();
}
