import MarkdownIt from "markdown-it";

// The summary is co-edited as its markdown source, so every backslash escape in it shows. Most
// escapes a generator writes change nothing ("pyannote\_sample", "\[note\]"): those are dropped
// before the source reaches the editor, the rest ("\# not a heading", "1\. not a list") kept.
// An escape is needless when the summary renders the same without it, judged by markdown-it
// as the app shows summaries (no raw HTML, links found) and as the mind map reads them (raw
// HTML on), so nothing can turn into a tag or a heading. No server imports: the browser loads it.

const renderers = [new MarkdownIt({ html: false, linkify: true }), new MarkdownIt({ html: true, linkify: false })];
/** CommonMark's escapable characters: ASCII punctuation after a backslash. */
const ESCAPE = /\\[!-/:-@[-`{-~]/g;
const HAS_ESCAPE = /\\[!-/:-@[-`{-~]/;
/** Past this many lines with escapes left, the rest are kept as they are rather than tried one by one. */
const MAX_LINES_TRIED = 400;

const rendered = (markdown: string) => renderers.map((md) => md.render(markdown)).join("\u0000");

/** The markdown with every escape dropped that leaves its rendering unchanged. */
export function withoutNeedlessEscapes(markdown: string): string {
  if (!HAS_ESCAPE.test(markdown)) return markdown;
  const reference = rendered(markdown);
  const all = markdown.replace(ESCAPE, (e) => e.slice(1));
  if (rendered(all) === reference) return all;
  // Line by line: the whole line's escapes at once, else each of them alone.
  const lines = markdown.split("\n");
  const same = (candidate: string[]) => rendered(candidate.join("\n")) === reference;
  let tried = 0;
  for (let i = 0; i < lines.length && tried < MAX_LINES_TRIED; i++) {
    const line = lines[i]!;
    const escapes = [...line.matchAll(ESCAPE)].map((m) => m.index);
    if (!escapes.length) continue;
    tried++;
    const bare = line.replace(ESCAPE, (e) => e.slice(1));
    if (same([...lines.slice(0, i), bare, ...lines.slice(i + 1)])) {
      lines[i] = bare;
      continue;
    }
    // From the last escape back, so earlier offsets stay valid as characters go.
    for (const at of escapes.reverse()) {
      const current = lines[i]!;
      const without = current.slice(0, at) + current.slice(at + 1);
      if (same([...lines.slice(0, i), without, ...lines.slice(i + 1)])) lines[i] = without;
    }
  }
  return lines.join("\n");
}
