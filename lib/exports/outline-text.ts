// The TXT export's opening block: the chapters (time, title, gist) and the to-dos with their
// ticks, before the transcript. The other formats carry the chapters in the summary itself.
import type { Outline } from "@/lib/analysis/types";
import { formatClock } from "@/lib/format/time";

export function outlineText(outline: Outline | null, t: (key: string) => string): string {
  if (!outline) return "";
  const blocks: string[] = [];
  if (outline.chapters.length) {
    const lines = outline.chapters.map((c) => `${c.begin !== null ? `${formatClock(c.begin)}  ` : "- "}${c.title}${c.gist ? ` — ${c.gist}` : ""}`);
    blocks.push(`${t("analysis.outline.chapters")}\n${lines.join("\n")}`);
  }
  if (outline.todos.length) {
    const lines = outline.todos.map((x) => `[${x.done ? "x" : " "}] ${x.text}${[x.owner, x.due].filter(Boolean).length ? ` (${[x.owner, x.due].filter(Boolean).join(", ")})` : ""}`);
    blocks.push(`${t("analysis.outline.todos")}\n${lines.join("\n")}`);
  }
  return blocks.length ? `${blocks.join("\n\n")}\n\n` : "";
}
