/**
 * Every benchmark, one after another, each writing its own section of
 * bench/README.md:   npm run bench            (all)
 *                    npm run bench -- wer der  (only some: wer, der, conversations, long, upload, times)
 *                    npm run bench -- search   (issue 10's search target; see bench/search.ts)
 *                    npm run bench -- profiles (issue 28's voice profiles; see bench/voice-profiles.ts)
 * Run on a quiet machine: the figures are wall-clock times and memory peaks.
 */
import { runAnalysisLocalBench } from "./analysis-local";
import { runChaptersBench } from "./chapters";
import { runLibraryAskBench } from "./library-ask";
import { runConversationsBench } from "./diarization-conversations";
import { runDiarizationBench } from "./diarization-der";
import { runFairnessBench } from "./fairness";
import { runHotwordsBench } from "./hotwords";
import { liveBenchArgs, runLiveBench } from "./live";
import { runLoadBench } from "./load";
import { runSearchBench } from "./search";
import { runSpeechLongBench } from "./speech-long";
import { main as runSpeechWerBench } from "./speech-wer";
import { runUploadMemoryBench } from "./upload-memory";
import { runVoiceProfilesBench } from "./voice-profiles";
import { runToolsMediaBench } from "./tools-media";
import { runTranscriptTimesBench } from "./transcript-times";

const benches: Record<string, () => Promise<unknown>> = {
  wer: () => runSpeechWerBench({ record: true }),
  der: () => runDiarizationBench({ record: true, long: true }),
  // Issue 28: speaker count and confusion on held-out conversations built from known corpus readers (bench/diarization-conversations.ts).
  conversations: () => runConversationsBench({ record: true }),
  long: () => runSpeechLongBench({ record: true }),
  // Issue 24: transcript times against the corpus's outside references (bench/transcript-times.ts).
  times: () => runTranscriptTimesBench({ record: true }),
  upload: () => runUploadMemoryBench({ record: true }),
  analysis: () => runAnalysisLocalBench({ record: true }),
  // Issue 29: chapters and to-dos on the 60-minute corpus recording, boundaries against the corpus joins (bench/chapters.ts).
  chapters: () => runChaptersBench({ record: true }),
  // Issue 29: ask your library, retrieval p95 over the search bench's 10,000 tasks and the held-out question set (bench/library-ask.ts).
  library: () => runLibraryAskBench({ record: true }),
  hotwords: () => runHotwordsBench({ record: true }),
  search: () => runSearchBench({ record: true, reseed: process.argv.includes("--reseed") }),
  // Issue 12's media tools: fastest mode ≥ 20× re-encoding, flat memory (bench/tools-media.ts).
  tools: () => runToolsMediaBench({ record: true }),
  // Issue 28's voice profiles: enrol on one recording, recognise on others (bench/voice-profiles.ts).
  profiles: () => runVoiceProfilesBench({ record: true }),
  // Issue 14's fair scheduling: an 11 s clip during a 60 min recording (bench/fairness.ts; --minutes=N for a shorter one).
  fairness: () => runFairnessBench({ record: true }),
  // Issue 27's live text: latency word → partial text, concurrent sessions, live vs full-pass WER (bench/live.ts).
  live: () => runLiveBench({ record: true, ...liveBenchArgs(process.argv) }),
  // Issue 14's load: autocannon over the running app at 50/100/200 req/s, or --soak (bench/load.ts).
  load: () =>
    runLoadBench({ record: true, soak: process.argv.includes("--soak"), reseed: process.argv.includes("--reseed"), snapshots: process.argv.includes("--snapshots") }),
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
