import { fairWorkAheadSec, type PendingWork } from "./fair-estimate";

const w = (taskId: string, userId: string, remainingSec: number, weight = 1): PendingWork => ({ taskId, userId, remainingSec, weight });

describe("the queued estimate under the fair schedule", () => {
  it("an 11-second clip behind another user's 60-minute recording waits for 11 s of it, not all of it", () => {
    const clip = w("clip", "b", 11);
    expect(fairWorkAheadSec(clip, [w("long", "a", 3600), clip])).toBe(22);
  });

  it("counts a user's own other tasks up to the new task's length", () => {
    const mine = w("t3", "u", 60);
    expect(fairWorkAheadSec(mine, [w("t1", "u", 600), w("t2", "u", 30), mine])).toBe(60 + 60 + 30);
  });

  it("weights other users by plan, capped at what they have left", () => {
    const free = w("f", "free", 100, 1);
    // A Pro user gets 3× the free user's time while both wait; a small job counts only its own length.
    expect(fairWorkAheadSec(free, [free, w("p", "pro", 3600, 3), w("s", "small", 20, 1)])).toBe(100 + 300 + 20);
    const pro = w("p2", "pro2", 100, 3);
    expect(fairWorkAheadSec(pro, [pro, w("f2", "free2", 3600, 1)])).toBeCloseTo(100 + 100 / 3);
  });

  it("an idle worker: only the task's own audio", () => {
    const only = w("t", "u", 300);
    expect(fairWorkAheadSec(only, [only])).toBe(300);
  });
});
