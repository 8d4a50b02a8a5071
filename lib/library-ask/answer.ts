// The answer of the local analyzer: the best passages quoted, each with its [n] citation, in the
// AI summary language; and the configured chat API's prompt, which must answer from them alone.
import type { ChatMessages } from "@/lib/analysis/provider";
import type { Translate } from "@/lib/analysis/types";
import { formatClock } from "@/lib/format/time";
import type { LibraryPassage } from "./library-ask.schema";

/** How many passages the local answer quotes. */
const QUOTED = 4;

export function citationLabel(p: Pick<LibraryPassage, "title" | "begin">): string {
  return `${p.title}, ${formatClock(p.begin)}`;
}

const quote = (text: string) => text.replace(/\s+/g, " ").replace(/([\\`*_[\]<>])/g, "\\$1").trim();

/** Markdown, paragraph by paragraph: an intro, then each passage (with the line before when it helps) and its citation. */
export function localLibraryAnswer(question: string, passages: LibraryPassage[], t: Translate): string[] {
  if (!passages.length) return [t("library.noMatch", { question })];
  const parts = [`${t("library.intro", { question })}\n\n`];
  for (const p of passages.slice(0, QUOTED)) {
    const context = p.before && p.text.length < 80 ? `${quote(p.before)} ` : "";
    parts.push(`> ${context}${quote(p.text)}\n>\n> — *${quote(citationLabel(p))}* [${p.n}]\n\n`);
  }
  const others = [...new Set(passages.slice(QUOTED).map((p) => p.title))];
  if (others.length) parts.push(`${t("library.alsoIn", { titles: others.join(", ") })}\n`);
  return parts;
}

export function libraryPrompt(question: string, passages: LibraryPassage[], language: string): ChatMessages {
  const lines = passages.map((p) => `[${p.n}] (${citationLabel(p)}) ${p.before ? `${p.before} ` : ""}${p.text}${p.after ? ` ${p.after}` : ""}`);
  const system = [
    "You answer questions about the user's recordings using ONLY the numbered passages below.",
    "After every statement, cite the passages it rests on as [n] (the number in brackets). Never cite a number that is not listed.",
    "If the passages do not answer the question, say so plainly instead of guessing.",
    `Answer in ${language}.`,
    "",
    ...lines,
  ].join("\n");
  return [
    { role: "system", content: system },
    { role: "user", content: question },
  ];
}
