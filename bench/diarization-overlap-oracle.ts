/**
 * Issue 28's overlap question, measured: if we knew where two people talk at once, would our own speaker models pick
 * the second speaker well enough? Diarizes each clip of shared/corpus/multi as the product does, then, in every 0.5 s
 * block where the reference RTTM has two or more speakers (the oracle part), adds the speaker whose GMM (trained on
 * that speaker's turns) fits the block best after the one already named. Scored like bench/diarization-der.ts.
 *
 *   npx tsx --conditions=react-server bench/diarization-overlap-oracle.ts
 *
 * It answers how much an overlap detector would be worth, not what one is: bench/diarization-overlap-detectors.ts
 * measures the candidates.
 */
import type { DerBreakdown } from "@/lib/diarization/der";
import { derWithRunnerUp, diarizedMultiClips, errorSec } from "./lib/overlap-blocks";

void (async () => {
  const totals = { speech: 0, base: 0, oracle: 0 };
  console.log("| file | DER today | DER with overlap known + runner-up speaker | missed / false alarm / confusion (s) |\n|---|---|---|---|");
  for (const clip of await diarizedMultiClips()) {
    const base = derWithRunnerUp(clip, () => false);
    const oracle = derWithRunnerUp(clip, (b) => b.referenceSpeakers >= 2);
    totals.speech += base.total;
    totals.base += errorSec(base);
    totals.oracle += errorSec(oracle);
    const pct = (d: DerBreakdown) => `${(100 * d.der).toFixed(1)}%`;
    console.log(`| ${clip.name} | ${pct(base)} | ${pct(oracle)} | ${[oracle.missed, oracle.falseAlarm, oracle.confusion].map((v) => v.toFixed(1)).join(" / ")} |`);
  }
  const pct = (v: number) => `${((100 * v) / totals.speech).toFixed(1)}%`;
  console.log(`| **overall** | ${pct(totals.base)} | **${pct(totals.oracle)}** | |`);
})();
