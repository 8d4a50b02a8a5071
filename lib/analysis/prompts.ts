import "server-only";
import { formatClock } from "@/lib/format/time";
import { localeNames, type Locale } from "@/lib/i18n/locales";
import type { ChatMessages } from "./provider";
import type { ChatTurn, Passage, QuizSettings, SummaryStyle } from "./types";
import type { Scenario } from "./scenario";

// What we ask an OpenAI-compatible model. Every prompt names the output
// language and shape precisely, because the answer is parsed or rendered as is.

/** A moment of the recording as the model reads and cites it (the product's clock). */
export const clock = formatClock;

/** "[mm:ss] Speaker: text" lines: the transcript as the model reads it. */
export function transcriptLines(passages: Passage[]): string {
  return passages.map((p) => `[${clock(p.begin)}] ${p.speaker ? `${p.speaker}: ` : ""}${p.text}`).join("\n");
}

const lengthWords = { short: 150, medium: 400, long: 900 } as const;

function styleRules(style: SummaryStyle): string[] {
  if (!style.enabled) return [`Aim for about ${lengthWords.medium} words.`];
  return [
    `Aim for about ${lengthWords[style.lengthPreference]} words.`,
    ...(style.focusArea.trim() ? [`Pay particular attention to: ${style.focusArea.trim()}.`] : []),
    ...(style.customInstructions.trim() ? [`The user's own instructions (follow them unless they contradict the format): ${style.customInstructions.trim()}`] : []),
  ];
}

export function summaryPrompt(input: { title: string; transcript: string; language: Locale; style: SummaryStyle; scenario: Scenario; partial?: boolean }): ChatMessages {
  const lang = localeNames[input.language];
  const rules = [
    `Write in ${lang}, whatever the language of the transcript.`,
    "Answer with Markdown only, no preamble and no closing remarks.",
    "Structure: a first line '# <title>'; '## ' sections for an overview paragraph, key points (bullets), the topics discussed (each a '### ' subsection with bullets), and, only when the recording has them, action items (with owners and dates when said) and open questions.",
    "Write the section headings in the output language. Use at most three heading levels and keep bullets short.",
    "Cite the time of important statements as [mm:ss] taken from the transcript.",
    "Use only what the transcript says; do not invent names, numbers or decisions.",
    ...styleRules(input.style),
  ];
  const system = `You summarise ${input.scenario} recordings into clear, well-structured notes.\n- ${rules.join("\n- ")}`;
  const user = input.partial
    ? `Part of a longer transcript titled "${input.title}". Write compact notes (bullets with [mm:ss]) in ${lang} covering everything important in this part:\n\n${input.transcript}`
    : `Title: ${input.title}\n\nTranscript:\n${input.transcript}`;
  return [
    { role: "system", content: system },
    { role: "user", content: user },
  ];
}

export function chatPrompt(input: { title: string; transcript: string; excerpt: boolean; history: ChatTurn[]; question: string }): ChatMessages {
  const system = [
    `You answer questions about a recording titled "${input.title}", using only its transcript below${input.excerpt ? " (the passages most relevant to the question; the recording is longer)" : ""}.`,
    "Quote the passages your answer rests on as Markdown blockquotes that start with their [mm:ss] time and speaker.",
    "Answer in the language of the question. If the transcript does not say, answer that it does not.",
    "",
    input.transcript,
  ].join("\n");
  return [{ role: "system", content: system }, ...input.history.map((h) => ({ role: h.role, content: h.content })), { role: "user", content: input.question }];
}

const kindRules = {
  comprehensive: "a mix of single-choice, multiple-choice and true/false questions",
  single: "single-choice questions (exactly one correct option of four)",
  multiple: "multiple-choice questions (two or three correct options of four or five)",
  truefalse: "true/false questions (options exactly [\"True\", \"False\"] in the output language)",
} as const;

export function quizPrompt(input: { title: string; transcript: string; language: Locale; settings: QuizSettings }): ChatMessages {
  const lang = localeNames[input.language];
  const system = [
    `You write review quizzes about recordings, in ${lang}.`,
    `Write ${input.settings.count} ${kindRules[input.settings.type]} that test understanding of what was said.`,
    'Answer with JSON only: {"questions":[{"kind":"single"|"multiple"|"truefalse","prompt":string,"options":string[],"answer":number[] (0-based indexes of the correct options),"analysis":string (why, quoting the transcript with its [mm:ss] time),"time":"mm:ss"}]}',
  ].join("\n");
  return [
    { role: "system", content: system },
    { role: "user", content: `Title: ${input.title}\n\nTranscript:\n${input.transcript}` },
  ];
}

export function translationPrompt(input: { items: string[]; target: Locale; kind: "lines" | "markdown" }): ChatMessages {
  const lang = localeNames[input.target];
  if (input.kind === "markdown") {
    return [
      { role: "system", content: `Translate the user's Markdown into ${lang}. Keep the Markdown structure, the [mm:ss] times, names and numbers. Answer with the translation only.` },
      { role: "user", content: input.items[0] ?? "" },
    ];
  }
  return [
    {
      role: "system",
      content: `Translate each string of the JSON array "items" into ${lang}. Keep names and numbers. Answer with JSON only: {"items": [...]} with exactly ${input.items.length} strings, in the same order.`,
    },
    { role: "user", content: JSON.stringify({ items: input.items }) },
  ];
}

/** Numbered lines, so the model names where a chapter starts and the times come from the transcript. */
export function numberedLines(passages: Passage[]): string {
  return passages.map((p, k) => `${k}| [${clock(p.begin)}] ${p.speaker ? `${p.speaker}: ` : ""}${p.text}`).join("\n");
}

export function outlinePrompt(input: { title: string; lines: string; language: Locale }): ChatMessages {
  const lang = localeNames[input.language];
  const system = [
    `You outline recordings, in ${lang} whatever the language of the transcript.`,
    "Each transcript line starts with its line number, then '|'.",
    "Cut the transcript into its topics, in order: each chapter has a short title, a one-line gist, and the number of the line it starts at (the first chapter starts at line 0).",
    "For each named speaker, write what they said (one to three short lines) and what they asked for (zero to two lines).",
    "List the action items: the task, its owner (a name said in the sentence, else the speaker; null when unknown), its due date as said (else null), and the line it was said at.",
    "Use only what the transcript says. Answer with JSON only:",
    '{"chapters":[{"line":number,"title":string,"gist":string}],"speakers":[{"name":string,"said":string[],"asked":string[]}],"todos":[{"line":number,"text":string,"owner":string|null,"due":string|null}]}',
  ].join("\n");
  return [
    { role: "system", content: system },
    { role: "user", content: `Title: ${input.title}\n\nTranscript:\n${input.lines}` },
  ];
}
