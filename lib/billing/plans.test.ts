import { FairSlots, DECODE_WEIGHT, decodeWeightFor } from "@/lib/speech/decoder-slots";
import { isPaidPlan, monthlyMinutesFor, planPrices, processingTierOf } from "./plans";

// Issue 25: Premium costs more than Pro, so it must give more: more minutes a month and faster
// processing (a larger share of the decoder slots while both wait), and nothing it does not do.

test("premium gives more minutes than pro and fewer than enterprise, and costs more than pro in both currencies", () => {
  expect(monthlyMinutesFor("premium")).toBe(12000);
  expect(monthlyMinutesFor("premium")).toBeGreaterThan(monthlyMinutesFor("pro"));
  expect(monthlyMinutesFor("enterprise")).toBeGreaterThan(monthlyMinutesFor("premium"));
  for (const currency of ["USD", "CNY"] as const) {
    const pro = planPrices.pro![currency];
    const premium = planPrices.premium![currency];
    expect(premium.month).toBeGreaterThan(pro.month);
    // Per minute, Premium is the cheaper of the two.
    expect(premium.month / monthlyMinutesFor("premium")).toBeLessThan(pro.month / monthlyMinutesFor("pro"));
  }
});

test("processing tiers: free standard, pro and the trial priority, premium and enterprise fastest", () => {
  expect(processingTierOf("free")).toBe("standard");
  expect(processingTierOf("trial")).toBe("priority");
  expect(processingTierOf("pro")).toBe("priority");
  expect(processingTierOf("premium")).toBe("fastest");
  expect(processingTierOf("enterprise")).toBe("fastest");
  expect(processingTierOf("unknown")).toBe("standard");
  expect(decodeWeightFor("premium")).toBeGreaterThan(decodeWeightFor("pro"));
  expect(decodeWeightFor("pro")).toBeGreaterThan(decodeWeightFor("free"));
});

test("with one slot, a Premium user's chunks start twice as often as a Pro user's while both wait", async () => {
  const slots = new FairSlots(1);
  const order: string[] = [];
  const hold = await slots.open({ userId: "first", taskId: "t0", weight: DECODE_WEIGHT.free }).acquire(1);
  const sessions = { p: slots.open({ userId: "p", taskId: "p-task", weight: decodeWeightFor("pro") }), m: slots.open({ userId: "m", taskId: "m-task", weight: decodeWeightFor("premium") }) };
  const waits: Promise<void>[] = [];
  for (let i = 0; i < 6; i++) {
    for (const user of ["p", "m"] as const) {
      waits.push(
        sessions[user].acquire(10).then((release) => {
          order.push(user);
          release();
        }),
      );
    }
  }
  hold();
  await Promise.all(waits);
  // Of the first nine chunks served, Premium (weight 6) gets six and Pro (weight 3) three.
  const firstNine = order.slice(0, 9);
  expect(firstNine.filter((u) => u === "m")).toHaveLength(6);
  expect(firstNine.filter((u) => u === "p")).toHaveLength(3);
});

test("only the free plan and the trial see the header's Upgrade link", () => {
  expect(isPaidPlan("free")).toBe(false);
  expect(isPaidPlan("trial")).toBe(false);
  expect(["pro", "premium", "enterprise"].every(isPaidPlan)).toBe(true);
});
