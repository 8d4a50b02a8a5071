// Word error rate, the way the corpus README asks: case and punctuation
// normalised on both sides before aligning.

const SPOKEN_FORMS: Record<string, string> = { mr: "mister", mrs: "missus", dr: "doctor", st: "saint" };

/** Lower case, punctuation dropped (apostrophes inside words kept), hyphens split. */
export function normalizeWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize("NFKC")
    .replace(/[‘’]/g, "'")
    .replace(/[-–—/]/g, " ")
    .replace(/[^\p{L}\p{N}'\s]/gu, " ")
    .split(/\s+/)
    .map((w) => w.replace(/^'+|'+$/g, ""))
    .filter(Boolean)
    .map((w) => SPOKEN_FORMS[w] ?? w);
}

export interface WerCounts {
  substitutions: number;
  deletions: number;
  insertions: number;
  /** Words in the reference. */
  words: number;
}

/** Levenshtein alignment over words; returns S, D, I and N. */
export function werCounts(reference: string[], hypothesis: string[]): WerCounts {
  const n = reference.length;
  const m = hypothesis.length;
  // cost[j] and the operation counts that produced it, one row at a time.
  type Cell = { cost: number; s: number; d: number; i: number };
  let prev: Cell[] = Array.from({ length: m + 1 }, (_, j) => ({ cost: j, s: 0, d: 0, i: j }));
  for (let r = 1; r <= n; r++) {
    const row: Cell[] = [{ cost: r, s: 0, d: r, i: 0 }];
    for (let j = 1; j <= m; j++) {
      const same = reference[r - 1] === hypothesis[j - 1];
      const diag = prev[j - 1]!;
      const up = prev[j]!;
      const left = row[j - 1]!;
      const options: Cell[] = [
        { cost: diag.cost + (same ? 0 : 1), s: diag.s + (same ? 0 : 1), d: diag.d, i: diag.i },
        { cost: up.cost + 1, s: up.s, d: up.d + 1, i: up.i },
        { cost: left.cost + 1, s: left.s, d: left.d, i: left.i + 1 },
      ];
      row.push(options.reduce((a, b) => (b.cost < a.cost ? b : a)));
    }
    prev = row;
  }
  const last = prev[m]!;
  return { substitutions: last.s, deletions: last.d, insertions: last.i, words: n };
}

export function wer(reference: string, hypothesis: string): number {
  const c = werCounts(normalizeWords(reference), normalizeWords(hypothesis));
  return c.words === 0 ? 0 : (c.substitutions + c.deletions + c.insertions) / c.words;
}

/** Sum of counts, for a corpus-level WER (errors over all reference words). */
export function addCounts(a: WerCounts, b: WerCounts): WerCounts {
  return { substitutions: a.substitutions + b.substitutions, deletions: a.deletions + b.deletions, insertions: a.insertions + b.insertions, words: a.words + b.words };
}

export function errorRate(c: WerCounts): number {
  return c.words === 0 ? 0 : (c.substitutions + c.deletions + c.insertions) / c.words;
}

/** Pairs (reference index, hypothesis index) of a minimum-edit alignment: matches and substitutions (deletions and insertions pair with nothing). */
export function alignWords(ref: string[], hyp: string[]): [number, number][] {
  const d = Array.from({ length: ref.length + 1 }, (_, i) => Array.from({ length: hyp.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= ref.length; i++)
    for (let j = 1; j <= hyp.length; j++) d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1));
  const pairs: [number, number][] = [];
  for (let i = ref.length, j = hyp.length; i > 0 && j > 0; ) {
    if (d[i]![j] === d[i - 1]![j - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1)) pairs.unshift([--i, --j]);
    else if (d[i]![j] === d[i - 1]![j]! + 1) i--;
    else j--;
  }
  return pairs;
}
