import { ANONYMOUS_CLAIM, DECODE_WEIGHT, FairSlots, type DecodeClaim } from "./decoder-slots";

/** Queues `chunks` chunks of `sec` seconds for a task behind a full pool; records the order in which they are granted. */
function load(slots: FairSlots, claim: DecodeClaim, chunks: number, sec: number, order: string[], signal?: AbortSignal) {
  const session = slots.open(claim);
  const done = Array.from({ length: chunks }, (_, i) =>
    session.acquire(sec, signal).then((release) => {
      order.push(`${claim.userId}/${claim.taskId}/${i}`);
      return release;
    }),
  );
  return { session, done };
}

const free = (userId: string, taskId: string): DecodeClaim => ({ userId, taskId, weight: DECODE_WEIGHT.free });
const pro = (userId: string, taskId: string): DecodeClaim => ({ userId, taskId, weight: DECODE_WEIGHT.pro });

/** Grants a pool of one, after `setup` queued the work behind a blocker; returns the order of the grants. */
async function run(setup: (slots: FairSlots, order: string[]) => void): Promise<string[]> {
  const slots = new FairSlots(1);
  const order: string[] = [];
  const blocker = await slots.open(ANONYMOUS_CLAIM).acquire(1);
  const original = slots.open.bind(slots);
  // Every grant releases itself a tick later (a pool of one: the order is the scheduler's choice alone).
  slots.open = (claim: DecodeClaim) => {
    const s = original(claim);
    return {
      ...s,
      acquire: (sec: number, signal?: AbortSignal) =>
        s.acquire(sec, signal).then((release) => {
          setImmediate(release);
          return release;
        }),
    };
  };
  setup(slots, order);
  blocker();
  for (let i = 0; i < 2000 && slots.queued + slots.running > 0; i++) await new Promise((r) => setImmediate(r));
  return order;
}

describe("decoder slots: fair order", () => {
  it("one user's 20 uploads do not starve another user's one clip", async () => {
    const order = await run((slots, order) => {
      for (let t = 0; t < 20; t++) load(slots, free("many", `m${t}`), 5, 45, order);
      load(slots, free("one", "clip"), 1, 11, order);
    });
    expect(order).toHaveLength(101);
    // The clip arrived last, behind 100 chunks, and goes second (the first grant went to the flood's first chunk).
    expect(order.indexOf("one/clip/0")).toBeLessThanOrEqual(1);
  });

  it("a new short task goes ahead of a long one already decoding, and the long one keeps going after", async () => {
    const slots = new FairSlots(1);
    const order: string[] = [];
    const long = load(slots, free("a", "long"), 3, 45, order);
    const first = await long.done[0]!;
    const clip = load(slots, free("b", "clip"), 1, 11, order);
    first();
    (await clip.done[0]!)();
    for (const p of long.done.slice(1)) (await p)();
    expect(order).toEqual(["a/long/0", "b/clip/0", "a/long/1", "a/long/2"]);
  });

  it("round-robins a user's own tasks", async () => {
    const order = await run((slots, order) => {
      load(slots, free("u", "t1"), 3, 45, order);
      load(slots, free("u", "t2"), 3, 45, order);
    });
    expect(order.slice(0, 4).map((o) => o.split("/")[1])).toEqual(["t1", "t2", "t1", "t2"]);
  });

  it("serves a Pro user's chunks three times as often as a free user's, and never starves the free user", async () => {
    const order = await run((slots, order) => {
      load(slots, pro("p", "pt"), 60, 45, order);
      load(slots, free("f", "ft"), 20, 45, order);
    });
    const first40 = order.slice(0, 40);
    const proShare = first40.filter((o) => o.startsWith("p/")).length;
    expect(proShare).toBeGreaterThanOrEqual(29);
    expect(proShare).toBeLessThanOrEqual(31);
    // The free user's chunks are spread through, never more than four grants apart.
    const freeAt = order.flatMap((o, i) => (o.startsWith("f/") ? [i] : []));
    for (let i = 1; i < freeAt.length && freeAt[i]! < 75; i++) expect(freeAt[i]! - freeAt[i - 1]!).toBeLessThanOrEqual(4);
  });

  it("keeps every slot busy while work waits, and a waiter that aborts leaves the line", async () => {
    const slots = new FairSlots(3);
    const order: string[] = [];
    const abort = new AbortController();
    const a = load(slots, free("a", "ta"), 5, 45, order);
    const b = load(slots, free("b", "tb"), 5, 45, order, abort.signal);
    await new Promise((r) => setImmediate(r));
    expect(slots.running).toBe(3);
    expect(slots.queued).toBe(7);
    abort.abort(new Error("cancelled"));
    const settled = await Promise.allSettled(b.done);
    // a's chunks were first in line and hold the slots; b's five were all waiting.
    expect(settled.every((s) => s.status === "rejected")).toBe(true);
    expect(slots.queued).toBe(2);
    (await a.done[0]!)();
    await new Promise((r) => setImmediate(r));
    expect(slots.running).toBe(3);
    expect(slots.queued).toBe(1);
    a.session.close();
    b.session.close();
  });

  it("a clip (a whole task in one chunk) starts at once on the one extra slot while every slot decodes someone's hour", async () => {
    const slots = new FairSlots(1);
    const order: string[] = [];
    const long = load(slots, free("a", "long"), 3, 30, order);
    const first = await long.done[0]!;
    let finishClip: () => void = () => undefined;
    const clip = slots.run(free("b", "clip"), 11, undefined, () => new Promise<string>((r) => (finishClip = () => r("clip done"))));
    await new Promise((r) => setImmediate(r));
    expect(slots.running).toBe(2);
    // A second clip waits: one extra slot only.
    let secondStarted = false;
    const second = slots.run(free("c", "clip2"), 5, undefined, async () => void (secondStarted = true));
    await new Promise((r) => setImmediate(r));
    expect(secondStarted).toBe(false);
    finishClip();
    await expect(clip).resolves.toBe("clip done");
    await second;
    expect(secondStarted).toBe(true);
    first();
    for (const p of long.done.slice(1)) (await p)();
    long.session.close();
    expect(slots.running).toBe(0);
  });
});
