/**
 * Every benchmark, one after another, each writing its own section of
 * bench/README.md:   npm run bench            (all)
 *                    npm run bench -- wer der  (only some: wer, der, long, upload)
 *                    npm run bench -- search   (issue 10's search target; see bench/search.ts)
 * Run on a quiet machine: the figures are wall-clock times and memory peaks.
 */
import { runAnalysisLocalBench } from "./analysis-local";
import { runDiarizationBench } from "./diarization-der";
import { runHotwordsBench } from "./hotwords";
import { runSearchBench } from "./search";
import { runSpeechLongBench } from "./speech-long";
import { main as runSpeechWerBench } from "./speech-wer";
import { runUploadMemoryBench } from "./upload-memory";
import { runToolsMediaBench } from "./tools-media";

const benches: Record<string, () => Promise<unknown>> = {
  wer: () => runSpeechWerBench({ record: true }),
  der: () => runDiarizationBench({ record: true, long: true }),
  long: () => runSpeechLongBench({ record: true }),
  upload: () => runUploadMemoryBench({ record: true }),
  analysis: () => runAnalysisLocalBench({ record: true }),
  hotwords: () => runHotwordsBench({ record: true }),
  search: () => runSearchBench({ record: true, reseed: process.argv.includes("--reseed") }),
  // Issue 12's media tools: fastest mode ≥ 20× re-encoding, flat memory (bench/tools-media.ts).
  tools: () => runToolsMediaBench({ record: true }),
};

async function main() {
  const asked = process.argv.slice(2).filter((a) => !a.startsWith("-"));
  const names = asked.length ? asked : Object.keys(benches);
  for (const name of names) {
    const run = benches[name];
    if (!run) throw new Error(`unknown benchmark "${name}"; known: ${Object.keys(benches).join(", ")}`);
    const t0 = Date.now();
    console.log(`\n=== bench ${name}`);
    await run();
    console.log(`=== bench ${name} done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
