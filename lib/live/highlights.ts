// Marked moments ("Mark this moment" while recording live) on the final transcript: each one
// lands on the entry being spoken at that time, or else the last entry that began before it.

export interface TimedEntry {
  index: number;
  /** Milliseconds from the start. */
  begin: number;
  end: number;
}

/** The transcript entries (by index) that hold a highlight. */
export function highlightedEntries(timeline: readonly TimedEntry[], highlights: readonly { atSec: number }[]): Set<number> {
  const out = new Set<number>();
  for (const h of highlights) {
    const ms = h.atSec * 1000;
    const inside = timeline.find((e) => e.begin <= ms && ms < e.end);
    const before = inside ?? [...timeline].reverse().find((e) => e.begin <= ms) ?? timeline[0];
    if (before) out.add(before.index);
  }
  return out;
}
