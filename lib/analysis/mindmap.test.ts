import { chineseMeeting, productMeeting, analyzerTranslator } from "./local/test-fixtures";
import { summarizeLocally } from "./local/summarize";
import { MIND_MAP_MAX_LEVELS, mindMapFromMarkdown } from "./mindmap";
import { defaultSummaryStyle, type MindMapNode } from "./types";

function depth(node: MindMapNode): number {
  return 1 + Math.max(0, ...node.children.map(depth));
}

function allContents(node: MindMapNode): string[] {
  return [node.content, ...node.children.flatMap(allContents)];
}

/** The heading texts of markdown, as a reader sees them (markdown escapes removed). */
function headings(markdown: string): string[] {
  return [...markdown.matchAll(/^#{1,3} (.+)$/gm)].map((m) => unescape(m[1]!));
}

function unescape(text: string): string {
  return text.replace(/\\(.)/g, "$1");
}

test("root, sections, subsections and items: every heading of a summary is a node with the same text", () => {
  const cases = [
    ["en", "Q3 *launch* review: #1 & <pricing>", productMeeting],
    ["zh", "产品周会", chineseMeeting],
  ] as const;
  for (const [locale, title, passages] of cases) {
    const summary = summarizeLocally({ title, passages, style: defaultSummaryStyle, t: analyzerTranslator(locale) });
    const map = mindMapFromMarkdown(summary);
    expect(map.content).toBe(title);
    const sections = summary.split("\n").filter((line) => line.startsWith("## ")).map((line) => unescape(line.slice(3)));
    expect(map.children.map((c) => c.content)).toEqual(sections);
    const contents = allContents(map);
    for (const h of headings(summary)) expect(contents).toContain(h);
    expect(depth(map)).toBeLessThanOrEqual(MIND_MAP_MAX_LEVELS);
  }
});

test("deeper lists are cut at four levels; paragraphs become items", () => {
  const map = mindMapFromMarkdown("# Root\n\n## Section\n\nA paragraph\nthat wraps.\n\n- one\n  - two\n    - three\n      - four\n");
  expect(map).toEqual({
    content: "Root",
    children: [
      {
        content: "Section",
        children: [
          { content: "A paragraph that wraps.", children: [] },
          { content: "one", children: [{ content: "two", children: [] }] },
        ],
      },
    ],
  });
});

test("text is plain: markup stripped, entities decoded, dollar amounts kept", () => {
  const map = mindMapFromMarkdown('# Q&A <b>"launch"</b>\n\n## Costs\n\n- costs $5 and $10, **not** `more` than [that](http://x) & 1 < 2\n- 王强，请你\\*尽快\\*完成\n');
  expect(map.content).toBe('Q&A "launch"');
  expect(map.children[0]!.children.map((c) => c.content)).toEqual(["costs $5 and $10, not more than that & 1 < 2", "王强，请你*尽快*完成"]);
});

test("without an H1 the fallback title is the root", () => {
  expect(mindMapFromMarkdown("## Only\n\n- x\n", "Recording 1")).toEqual({ content: "Recording 1", children: [{ content: "Only", children: [{ content: "x", children: [] }] }] });
  expect(mindMapFromMarkdown("## A\n\n## B\n", "T")).toEqual({ content: "T", children: [{ content: "A", children: [] }, { content: "B", children: [] }] });
  expect(mindMapFromMarkdown("", "Empty")).toEqual({ content: "Empty", children: [] });
});
