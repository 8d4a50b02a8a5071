// The live transcript as the page keeps it: segments from the events stream replace those
// with the same id (the open utterance's partial grows, then turns final), and a partial that
// a newer segment covers (the final text of that utterance, under a new id) goes away.
import type { LiveSegment } from "./live.client";

export function mergeSegments(current: readonly LiveSegment[], incoming: readonly LiveSegment[]): LiveSegment[] {
  if (incoming.length === 0) return [...current];
  const incomingIds = new Set(incoming.map((s) => s.id));
  const earliest = Math.min(...incoming.map((s) => s.startSec));
  const byId = new Map<string, LiveSegment>();
  for (const s of current) {
    const superseded = !s.final && !incomingIds.has(s.id) && s.endSec > earliest;
    if (!superseded) byId.set(s.id, s);
  }
  for (const s of incoming) byId.set(s.id, s);
  return [...byId.values()].sort((a, b) => a.startSec - b.startSec || a.endSec - b.endSec);
}
