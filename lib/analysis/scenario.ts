import type { Passage } from "./types";

/** What kind of recording this is, so the summary prompt can suit it ("analyzing scenario" step). */
export type Scenario = "meeting" | "interview" | "lecture" | "document";

const QUESTION_END = /[?？]\s*$/;

export function detectScenario(passages: Passage[], source: string): Scenario {
  if (source === "document" || source === "text") return "document";
  const speakers = new Set(passages.map((p) => p.speaker).filter(Boolean));
  if (speakers.size <= 1) return "lecture";
  const questions = passages.filter((p) => QUESTION_END.test(p.text)).length;
  // Two voices taking turns with many questions reads as an interview.
  if (speakers.size === 2 && questions >= Math.max(2, passages.length * 0.2)) return "interview";
  return "meeting";
}
