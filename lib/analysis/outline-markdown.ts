// The outline as summary markdown: chapters right under the title, per-speaker lines after the
// overview's sections. The mind map, the share page and the summary exports read the summary,
// so they all show the chapters from here.
import { escapeMarkdown, timePrefix } from "./local/format";
import type { Outline, Translate } from "./types";

export function chaptersMarkdown(outline: Outline, t: Translate): string {
  if (!outline.chapters.length) return "";
  const lines = outline.chapters.map((c) => `- ${timePrefix(c.begin !== null, c.begin ?? 0)}**${escapeMarkdown(c.title)}**${c.gist ? ` — ${escapeMarkdown(c.gist)}` : ""}`);
  return `## ${t("summary.chapters")}\n\n${lines.join("\n")}`;
}

export function speakersMarkdown(outline: Outline, t: Translate): string {
  if (!outline.speakers.length) return "";
  const parts = outline.speakers.map((s) => {
    const lines = [...s.said.map((x) => `- ${escapeMarkdown(x)}`), ...s.asked.map((x) => `- ${t("summary.asked")} ${escapeMarkdown(x)}`)];
    return `### ${escapeMarkdown(s.speaker)}\n\n${lines.join("\n")}`;
  });
  return `## ${t("summary.speakers")}\n\n${parts.join("\n\n")}`;
}

/** The summary with the chapters after its "# title" line and the speakers at the end. */
export function withOutline(summary: string, outline: Outline, t: Translate): string {
  const chapters = chaptersMarkdown(outline, t);
  const speakers = speakersMarkdown(outline, t);
  const [first, ...rest] = summary.trimEnd().split("\n");
  const body = rest.join("\n").replace(/^\n+/, "");
  return `${[first, chapters, body, speakers].filter(Boolean).join("\n\n")}\n`;
}
