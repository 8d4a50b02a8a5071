import { AppError } from "@/lib/server/errors";
import { checkAndConsume } from "./rate-limit";

// Read by env() on first use, after this line.
process.env.LINK_IMPORT_RATE_PER_HOUR = "3";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

async function refusal(userId: string, now: number): Promise<AppError | null> {
  try {
    await checkAndConsume(userId, now);
    return null;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
}

test("N imports per hour pass; the next one is refused with the minutes until a slot frees", async () => {
  const t0 = Date.now();
  for (let i = 0; i < 3; i++) expect(await refusal("u-limit", t0 + i * MINUTE)).toBeNull();
  const e = await refusal("u-limit", t0 + 3 * MINUTE);
  expect(e).toMatchObject({ key: "links.rateLimited", status: 429 });
  expect(e!.params.minutes).toBe(57); // the first import leaves the window at t0 + 60 min
  expect(e!.params.minutes).toBeGreaterThanOrEqual(1);
});

test("the window slides: each slot frees an hour after its import, and refusals take no slot", async () => {
  const t0 = Date.now();
  for (let i = 0; i < 3; i++) await checkAndConsume("u-slide", t0 + i * 10 * MINUTE);
  expect(await refusal("u-slide", t0 + 59 * MINUTE)).toMatchObject({ params: { minutes: 1 } });
  expect(await refusal("u-slide", t0 + HOUR - 1)).toMatchObject({ params: { minutes: 1 } });
  expect(await refusal("u-slide", t0 + HOUR)).toBeNull(); // first slot freed
  expect(await refusal("u-slide", t0 + HOUR + 1)).toMatchObject({ params: { minutes: 10 } });
  expect(await refusal("u-slide", t0 + HOUR + 10 * MINUTE)).toBeNull(); // second slot freed
});

test("users have their own limits", async () => {
  const t0 = Date.now();
  for (let i = 0; i < 3; i++) await checkAndConsume("u-a", t0);
  expect(await refusal("u-a", t0)).not.toBeNull();
  expect(await refusal("u-b", t0)).toBeNull();
});

test("at most N of many simultaneous requests get through", async () => {
  const now = Date.now();
  const results = await Promise.all(Array.from({ length: 12 }, () => refusal("u-race", now)));
  expect(results.filter((r) => r === null)).toHaveLength(3);
});
