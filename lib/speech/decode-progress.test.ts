import { DecodeProgress, expectedRealTimeFactor } from "./decode-progress";

// The estimate between chunk completions, on a clock the test moves.
function tracker(engine: string, totalSec: number) {
  let t = 0;
  const seen: number[] = [];
  const p = new DecodeProgress({ engine, totalSec, report: (f) => seen.push(f), tickMs: 60_000, now: () => t });
  return { p, seen, advance: (sec: number) => (t += sec * 1000) };
}

test("a single chunk moves with its decoding time and stops at 90 % until it is done", () => {
  const { p, seen, advance } = tracker("engine-a", 30);
  p.begin();
  p.started(0, 30);
  const rtf = expectedRealTimeFactor("engine-a"); // the default before any chunk of this engine finished
  advance(30 * rtf * 0.5);
  expect(p.fraction()).toBeCloseTo(0.5, 5);
  advance(30 * rtf * 10);
  expect(p.fraction()).toBeCloseTo(0.9, 5);
  p.finished(0, 30);
  p.complete();
  expect(seen.at(-1)).toBe(1);
  for (let i = 1; i < seen.length; i++) expect(seen[i]!).toBeGreaterThan(seen[i - 1]!);
});

test("finished chunks teach the real-time factor; cached ones do not", () => {
  const { p, advance } = tracker("engine-b", 100);
  p.started(0, 20);
  advance(10); // 0.5 x real time
  p.finished(0, 20);
  expect(expectedRealTimeFactor("engine-b")).toBeCloseTo(0.5, 5);
  p.finished(1, 20, false); // from the cache: no decoding time
  expect(expectedRealTimeFactor("engine-b")).toBeCloseTo(0.5, 5);
  expect(p.fraction()).toBeCloseTo(0.4, 5);
  // Two chunks decode at once: each counts by its own time.
  p.started(2, 30);
  p.started(3, 30);
  advance(7.5); // half of each at 0.5 x real time
  expect(p.fraction()).toBeCloseTo(0.4 + 0.3, 5);
  p.stop();
});

test("with none of its chunks decoding for a second it says it waits; a chunk boundary alone does not", () => {
  let t = 0;
  const seen: { f: number; waiting: boolean }[] = [];
  const p = new DecodeProgress({ engine: "engine-c", totalSec: 60, report: (f, s) => seen.push({ f, waiting: s.waiting }), tickMs: 60_000, now: () => t });
  p.begin();
  expect(p.waiting()).toBe(false);
  t += 1500; // every slot is someone else's
  expect(p.waiting()).toBe(true);
  p.started(0, 30);
  expect(p.waiting()).toBe(false);
  expect(seen.at(-1)).toEqual({ f: 0, waiting: false });
  t += 5000;
  p.finished(0, 30);
  p.started(1, 30); // the next chunk at once: no wait
  expect(seen.some((r, i) => i > 0 && r.waiting)).toBe(false);
  p.finished(1, 30);
  t += 2000;
  expect(p.waiting()).toBe(true);
  p.complete();
  expect(seen.at(-1)).toEqual({ f: 1, waiting: false });
  expect(p.waiting()).toBe(false);
});
