import "server-only";
import type { SpeakerEntry } from "@/lib/diarization/assign";
import type { SpeechSegment } from "@/lib/speech/types";

/**
 * When the speech API labelled every segment with its speaker (a diarizing
 * model), those labels are the speakers and our own separation is not needed.
 * Each segment keeps its own speaker and times, so two segments that overlap
 * (one person answering "yes" while the other talks) stay two speakers: giving
 * each segment the speaker who covers most of it, as for our own turns, named
 * the "yes" after the person it interrupted. Its unknown speakers are "A",
 * "B", … per request, so across the chunks of a long recording they only hold
 * together when every label is a known speaker's name; otherwise (and for
 * engines without labels) null: our own separation runs on the engine's text
 * as before.
 */
export function providerSpeakers(segments: SpeechSegment[], chunked: boolean): { entries: SpeakerEntry[]; names: Map<number, string> } | null {
  if (segments.length === 0 || segments.some((s) => !s.speaker)) return null;
  const labels = [...new Set(segments.map((s) => s.speaker!))];
  const named = (label: string) => !/^[A-Z]$/.test(label);
  if (chunked && !labels.every(named)) return null;
  const numberOf = new Map(labels.map((l, i) => [l, i]));
  const entries = segments.map((s) => ({ begin: s.begin, end: s.end, text: s.text, speaker: numberOf.get(s.speaker!)! })).sort((a, b) => a.begin - b.begin);
  const names = new Map(labels.flatMap((l, i) => (named(l) ? [[i, l] as const] : [])));
  return { entries, names };
}
