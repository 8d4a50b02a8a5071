import MarkdownIt from "markdown-it";
import type { MindMapNode } from "@/lib/analysis/types";

// A summary's markdown as flat blocks (headings, list items, paragraphs) of plain or bold
// runs: the shape the DOCX and PDF writers lay out. HTML in the markdown is text, never markup.

export interface Run {
  text: string;
  bold: boolean;
}
export type Block =
  | { kind: "heading"; level: number; runs: Run[] }
  | { kind: "item"; depth: number; ordered: boolean; number: number; runs: Run[] }
  | { kind: "paragraph"; runs: Run[] };

const md = new MarkdownIt({ html: false, linkify: false });
type Token = ReturnType<typeof md.parse>[number];

function runsOf(inline: Token): Run[] {
  const runs: Run[] = [];
  let bold = 0;
  for (const child of inline.children ?? []) {
    if (child.type === "strong_open") bold++;
    else if (child.type === "strong_close") bold = Math.max(0, bold - 1);
    else if (child.type === "softbreak" || child.type === "hardbreak") runs.push({ text: " ", bold: bold > 0 });
    else if (child.content) runs.push({ text: child.content, bold: bold > 0 });
  }
  return runs.filter((r) => r.text);
}

export function markdownBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lists: { ordered: boolean; next: number }[] = [];
  let heading = 0;
  let itemOpen = false;
  for (const token of md.parse(markdown, {})) {
    if (token.type === "bullet_list_open" || token.type === "ordered_list_open") {
      lists.push({ ordered: token.type === "ordered_list_open", next: Number(token.attrGet("start") ?? 1) });
    } else if (token.type === "bullet_list_close" || token.type === "ordered_list_close") lists.pop();
    else if (token.type === "list_item_open") itemOpen = true;
    else if (token.type === "heading_open") heading = Number(token.tag.slice(1));
    else if (token.type === "heading_close") heading = 0;
    else if (token.type === "inline" || token.type === "fence" || token.type === "code_block") {
      const runs = token.type === "inline" ? runsOf(token) : [{ text: token.content.trimEnd(), bold: false }];
      if (!runs.length) continue;
      const list = lists[lists.length - 1];
      if (heading) blocks.push({ kind: "heading", level: heading, runs });
      else if (list && itemOpen) {
        blocks.push({ kind: "item", depth: lists.length - 1, ordered: list.ordered, number: list.next++, runs });
        itemOpen = false;
      } else blocks.push({ kind: "paragraph", runs });
    }
  }
  return blocks;
}

/** The mind map as an indented outline: one line per node, depth from 0 (the root). */
export function mindMapOutline(root: MindMapNode): { depth: number; text: string }[] {
  const out: { depth: number; text: string }[] = [];
  const walk = (node: MindMapNode, depth: number) => {
    if (node.content) out.push({ depth, text: node.content });
    node.children.forEach((c) => walk(c, depth + 1));
  };
  walk(root, 0);
  return out;
}
