import { monitorEventLoopDelay } from "node:perf_hooks";
import { defaultSummaryStyle, type Passage } from "../types";
import { analyzerTranslator } from "../passages";
import { isLongText, summarizeLocallyOffThread } from "./offthread";
import { summarizeLocally } from "./summarize";
import { productMeeting } from "./test-fixtures";

// The local analyzer's summary of a long transcript runs in a child process:
// same text as in this process, while the event loop stays free.
// A limit, not a speed target: 32 s on two busy cores, and CI machines run up to twice as slow.
jest.setTimeout(180_000);

/** About three hours of talk: the product meeting, over and over. */
function longMeeting(): Passage[] {
  const out: Passage[] = [];
  for (let round = 0; out.length < 3000; round++)
    for (const p of productMeeting) out.push({ ...p, index: out.length, begin: p.begin + round * 600_000, end: p.end + round * 600_000 });
  return out;
}

it("summarises a long transcript off the event loop, with the same result as in this process", async () => {
  const passages = longMeeting();
  expect(isLongText(passages)).toBe(true);
  expect(isLongText(productMeeting)).toBe(false);
  const input = { title: "Weekly product sync", passages, style: defaultSummaryStyle };
  const here = summarizeLocally({ ...input, t: await analyzerTranslator("de") });

  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const off = await summarizeLocallyOffThread({ ...input, language: "de" });
  lag.disable();
  expect(off).toBe(here);
  expect(lag.max / 1e6).toBeLessThan(250);
});
