import "server-only";
import type { SpeakerTurn } from "@/lib/diarization/diarize";
import type { SpeechSegment } from "@/lib/speech/types";

/**
 * When the speech API labelled every segment with its speaker (a diarizing
 * model), those labels are the speakers and our own separation is not needed.
 * Its unknown speakers are "A", "B", … per request, so across the chunks of a
 * long recording they only hold together when every label is a known
 * speaker's name; otherwise (and for engines without labels) null: our own
 * separation runs on the engine's text as before.
 */
export function providerSpeakerTurns(segments: SpeechSegment[], chunked: boolean): { turns: SpeakerTurn[]; names: Map<number, string> } | null {
  if (segments.length === 0 || segments.some((s) => !s.speaker)) return null;
  const labels = [...new Set(segments.map((s) => s.speaker!))];
  const named = (label: string) => !/^[A-Z]$/.test(label);
  if (chunked && !labels.every(named)) return null;
  const numberOf = new Map(labels.map((l, i) => [l, i]));
  const turns = segments.map((s) => ({ start: s.begin / 1000, end: s.end / 1000, speaker: numberOf.get(s.speaker!)! }));
  const names = new Map(labels.flatMap((l, i) => (named(l) ? [[i, l] as const] : [])));
  return { turns, names };
}
