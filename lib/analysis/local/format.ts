import { formatClock } from "@/lib/format/time";

/** "[02:15]": how the local analyzer cites a moment of the recording. */
export function formatTimestamp(ms: number): string {
  return `[${formatClock(ms)}]`;
}

/** "[02:15] " before a cited sentence of a recording; nothing for a text, which has no clock. */
export function timePrefix(timed: boolean, ms: number): string {
  return timed ? `${formatTimestamp(ms)} ` : "";
}

/**
 * Backslash-escapes the characters that would turn transcript text into markdown or HTML. An
 * underscore inside a word ("pyannote_sample") cannot start emphasis and is left as it is, so
 * the summary's source (which co-editors edit as text) shows no stray backslash there.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*[\]<>|~]/g, "\\$&")
    .replace(/(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu, "\\_")
    .replace(/^([#+-])/, "\\$1")
    .replace(/^(\d+)([.)])/, "$1\\$2");
}
