import "server-only";

/** One speaker's stretch of speech, as in an RTTM line. */
export type LabelledSegment = { start: number; end: number; speaker: string };
export type TimeRange = { start: number; end: number };

export type DerBreakdown = {
  /** Scored reference speech in seconds, counting each overlapping speaker. */
  total: number;
  missed: number;
  falseAlarm: number;
  confusion: number;
  /** (missed + falseAlarm + confusion) / total; 0 when there is no reference speech. */
  der: number;
  /** Reference speaker -> hypothesis speaker under the optimal one-to-one mapping. */
  mapping: Record<string, string>;
};

/**
 * Diarization error rate in the NIST RT sense: time is split into pieces where
 * the sets of active reference and hypothesis speakers are constant; each piece
 * adds max(0, nRef-nHyp) missed, max(0, nHyp-nRef) false alarm and
 * min(nRef, nHyp) - nCorrect confusion, weighted by its duration. Overlapped
 * speech counts once per speaker. `collar` seconds on each side of every
 * reference boundary are not scored (NIST convention: 0.25 means ±0.25 s).
 * Without a UEM the scored extent is the span of reference and hypothesis.
 */
export function diarizationErrorRate(
  reference: LabelledSegment[],
  hypothesis: LabelledSegment[],
  opts: { collar?: number; uem?: TimeRange[] } = {},
): DerBreakdown {
  const collar = opts.collar ?? 0;
  const all = [...reference, ...hypothesis];
  const uem = opts.uem ?? (all.length ? [{ start: all.reduce((m, s) => Math.min(m, s.start), Infinity), end: all.reduce((m, s) => Math.max(m, s.end), -Infinity) }] : []);
  const excluded: TimeRange[] = [];
  if (collar > 0) {
    for (const s of reference) {
      excluded.push({ start: s.start - collar, end: s.start + collar }, { start: s.end - collar, end: s.end + collar });
    }
  }
  const scored = subtract(mergeRanges(uem), mergeRanges(excluded));

  const cuts = new Set<number>();
  for (const s of all) cuts.add(s.start).add(s.end);
  for (const r of scored) cuts.add(r.start).add(r.end);
  const times = [...cuts].sort((a, b) => a - b);

  const refNames = [...new Set(reference.map((s) => s.speaker))];
  const hypNames = [...new Set(hypothesis.map((s) => s.speaker))];
  const refIndex = new Map(refNames.map((n, i) => [n, i]));
  const hypIndex = new Map(hypNames.map((n, i) => [n, i]));

  // Elementary pieces with the speakers active in each, only inside scored time.
  const pieces: { dur: number; refs: number[]; hyps: number[] }[] = [];
  let scoredAt = 0;
  for (let i = 0; i + 1 < times.length; i++) {
    const a = times[i];
    const b = times[i + 1];
    const mid = (a + b) / 2;
    while (scoredAt < scored.length && scored[scoredAt].end <= mid) scoredAt++;
    if (scoredAt >= scored.length || scored[scoredAt].start > mid) continue;
    const refs = activeAt(reference, mid, refIndex);
    const hyps = activeAt(hypothesis, mid, hypIndex);
    if (refs.length || hyps.length) pieces.push({ dur: b - a, refs, hyps });
  }

  const overlap = refNames.map(() => new Float64Array(hypNames.length));
  for (const p of pieces) for (const r of p.refs) for (const h of p.hyps) overlap[r][h] += p.dur;
  const assignment = maxWeightMatching(overlap.map((row) => Array.from(row)));

  let total = 0;
  let missed = 0;
  let falseAlarm = 0;
  let confusion = 0;
  for (const p of pieces) {
    const nRef = p.refs.length;
    const nHyp = p.hyps.length;
    const correct = p.refs.filter((r) => assignment[r] >= 0 && p.hyps.includes(assignment[r])).length;
    total += p.dur * nRef;
    missed += p.dur * Math.max(0, nRef - nHyp);
    falseAlarm += p.dur * Math.max(0, nHyp - nRef);
    confusion += p.dur * (Math.min(nRef, nHyp) - correct);
  }
  const mapping: Record<string, string> = {};
  refNames.forEach((n, r) => {
    if (assignment[r] >= 0) mapping[n] = hypNames[assignment[r]];
  });
  const der = total > 0 ? (missed + falseAlarm + confusion) / total : 0;
  return { total, missed, falseAlarm, confusion, der, mapping };
}

function activeAt(segments: LabelledSegment[], t: number, index: Map<string, number>): number[] {
  const out = new Set<number>();
  for (const s of segments) if (s.start <= t && t < s.end) out.add(index.get(s.speaker)!);
  return [...out];
}

export function mergeRanges(ranges: TimeRange[]): TimeRange[] {
  const sorted = ranges.filter((r) => r.end > r.start).sort((a, b) => a.start - b.start);
  const out: TimeRange[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else out.push({ ...r });
  }
  return out;
}

/** `from` minus `cut`, both sorted and disjoint. */
function subtract(from: TimeRange[], cut: TimeRange[]): TimeRange[] {
  const out: TimeRange[] = [];
  for (const r of from) {
    let start = r.start;
    for (const c of cut) {
      if (c.end <= start || c.start >= r.end) continue;
      if (c.start > start) out.push({ start, end: c.start });
      start = Math.max(start, c.end);
    }
    if (start < r.end) out.push({ start, end: r.end });
  }
  return out;
}

/**
 * Hungarian algorithm (Jonker-Volgenant potentials form) on a rows x cols
 * weight matrix, maximising total weight. Returns for each row its column, or
 * -1 when the row is left unmatched (more rows than columns).
 */
export function maxWeightMatching(weights: number[][]): number[] {
  const rows = weights.length;
  const cols = rows ? weights[0].length : 0;
  const n = Math.max(rows, cols);
  if (n === 0) return [];
  let maxW = 0;
  for (const row of weights) for (const w of row) maxW = Math.max(maxW, w);
  // Square cost matrix; padding cells cost as much as a zero-weight match.
  const cost = (i: number, j: number) => maxW - (i < rows && j < cols ? weights[i][j] : 0);
  const u = new Float64Array(n + 1);
  const v = new Float64Array(n + 1);
  const p = new Int32Array(n + 1);
  const way = new Int32Array(n + 1);
  for (let i = 1; i <= n; i++) {
    p[0] = i;
    let j0 = 0;
    const minv = new Float64Array(n + 1).fill(Infinity);
    const used = new Uint8Array(n + 1);
    do {
      used[j0] = 1;
      const i0 = p[j0];
      let delta = Infinity;
      let j1 = 0;
      for (let j = 1; j <= n; j++) {
        if (used[j]) continue;
        const cur = cost(i0 - 1, j - 1) - u[i0] - v[j];
        if (cur < minv[j]) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j] < delta) {
          delta = minv[j];
          j1 = j;
        }
      }
      for (let j = 0; j <= n; j++) {
        if (used[j]) {
          u[p[j]] += delta;
          v[j] -= delta;
        } else minv[j] -= delta;
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0];
      p[j0] = p[j1];
      j0 = j1;
    } while (j0);
  }
  const result = new Array<number>(rows).fill(-1);
  for (let j = 1; j <= n; j++) {
    const i = p[j] - 1;
    if (i < rows && j - 1 < cols) result[i] = j - 1;
  }
  return result;
}

/** `SPEAKER <file> <chan> <start> <duration> <NA> <NA> <speaker> ...` lines. */
export function parseRttm(text: string): LabelledSegment[] {
  const out: LabelledSegment[] = [];
  for (const line of text.split(/\r?\n/)) {
    const f = line.trim().split(/\s+/);
    if (f[0] !== "SPEAKER" || f.length < 8) continue;
    const start = Number(f[3]);
    out.push({ start, end: start + Number(f[4]), speaker: f[7] });
  }
  return out;
}

/** `<file> <chan> <start> <end>` lines. */
export function parseUem(text: string): TimeRange[] {
  const out: TimeRange[] = [];
  for (const line of text.split(/\r?\n/)) {
    const f = line.trim().split(/\s+/);
    if (f.length < 4) continue;
    const start = Number(f[2]);
    const end = Number(f[3]);
    if (Number.isFinite(start) && Number.isFinite(end)) out.push({ start, end });
  }
  return out;
}
