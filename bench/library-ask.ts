/**
 * Ask your library (lib/library-ask, docs/library-ask.md):
 *  - retrieval time per question over the search bench's library (bench/search.ts: 10,000 one-hour
 *    tasks, ~7.5 million entries, database tingji_bench_search, seeded if missing); target p95 ≤ 300 ms;
 *  - quality on the held-out corpus question set (bench/lib/library-questions.ts) in a database of
 *    its own (tingji_bench_library): right recording in the top 3 citations (target ≥ 80 %), and the
 *    cited moment inside the expected utterance.
 *
 *   npm run bench -- library
 *   npx tsx --conditions=react-server bench/library-ask.ts [--record] [--quality-only]
 */
import { execFileSync } from "node:child_process";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { DEFAULT_DATABASE_URL, dropDatabase, migrate, withDatabaseName } from "@/lib/server/migrations";
import { libraryQuestionSet } from "./lib/library-questions";
import { machineLine } from "./lib/machine";
import { writeReadmeSection } from "./lib/readme";
import { benchQueries, buildVocabulary, seededRandom } from "./search-text";
import { DB_URL as SEARCH_DB_URL, ensureSeeded, HEAVY_TASKS } from "./search";

const QUALITY_DB_URL = withDatabaseName(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL, "tingji_bench_library");
const QUESTIONS = 200;
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** Questions made of two or three of the search bench's own queries (names, common words, CJK words), as a user would ask. */
function latencyQuestions(count: number): string[] {
  const rand = seededRandom(29);
  const words = benchQueries(rand, buildVocabulary(), count * 3).map((q) => q.q);
  return Array.from({ length: count }, (_, i) => `What did they say about ${words.slice(i * 3, i * 3 + 2 + (i % 2)).join(" and ")}?`);
}

async function quality() {
  await dropDatabase(QUALITY_DB_URL);
  await migrate({ databaseUrl: QUALITY_DB_URL });
  process.env.DATABASE_URL = QUALITY_DB_URL;
  const { prisma } = await import("@/lib/server/prisma");
  const { retrievePassages } = await import("@/lib/library-ask/retrieval");
  const { seedLibraryRecordings } = await import("./lib/library-seed");
  const set = libraryQuestionSet();
  const user = await prisma.user.create({ data: { email: "library-bench@example.com", username: "Library bench", referralCode: "LIBRARYBENCH" }, select: { id: true } });
  const ids = await seedLibraryRecordings(user.id, set.recordings);
  let top1 = 0;
  let top3 = 0;
  let moment = 0;
  for (const q of set.questions) {
    const passages = await retrievePassages(user.id, q.question, { kind: "all" });
    if (passages[0]?.taskId === ids[q.recording]) top1++;
    const hit = passages.slice(0, 3).find((p) => p.taskId === ids[q.recording]);
    if (hit) top3++;
    if (hit && hit.begin >= q.begin && hit.begin < q.end) moment++;
  }
  await prisma.$disconnect();
  const pct = (n: number) => `${((100 * n) / set.questions.length).toFixed(0)} %`;
  return { recordings: set.recordings.length, questions: set.questions.length, top1: pct(top1), top3: pct(top3), moment: pct(moment) };
}

async function latency() {
  const seeded = await ensureSeeded(false);
  process.env.DATABASE_URL = `${SEARCH_DB_URL}?options=${encodeURIComponent(`-c statement_timeout=5000${process.env.BENCH_PG_OPTIONS ? ` ${process.env.BENCH_PG_OPTIONS}` : ""}`)}`;
  const { prisma } = await import("@/lib/server/prisma");
  const { retrievePassages } = await import("@/lib/library-ask/retrieval");
  const users = await prisma.user.findMany({ select: { id: true, _count: { select: { tasks: true } } }, orderBy: { id: "asc" } });
  const heavy = users.find((u) => u._count.tasks === HEAVY_TASKS)!.id;
  const light = users.filter((u) => u._count.tasks !== HEAVY_TASKS).map((u) => u.id);
  const questions = latencyQuestions(QUESTIONS);
  for (const q of questions.slice(0, 10)) await retrievePassages(light[0]!, q, { kind: "all" });
  const rows: string[] = [];
  for (const [name, who] of [["40 users with 200 tasks (+10 shared)", (i: number) => light[i % light.length]!], ["1 user with 2,000 tasks", () => heavy]] as const) {
    const times: number[] = [];
    let found = 0;
    for (const [i, q] of questions.entries()) {
      const t0 = performance.now();
      const passages = await retrievePassages(who(i), q, { kind: "all" }).catch(() => null);
      times.push(performance.now() - t0);
      if (passages?.length) found++;
    }
    const s = times.sort((a, b) => a - b);
    rows.push(`| ${name} | ${quantile(s, 0.5).toFixed(0)} | ${quantile(s, 0.95).toFixed(0)} | ${s.at(-1)!.toFixed(0)} | ${found}/${questions.length} |`);
  }
  await prisma.$disconnect();
  return { rows, seeded: Boolean(seeded) };
}

export async function runLibraryAskBench(opts: { record: boolean; qualityOnly?: boolean }) {
  const q = await quality();
  const lines = [
    `Measured ${machineLine()}; load average (1 min) ${os.loadavg()[0]!.toFixed(1)} at the start. \`npm run bench -- library\` (bench/library-ask.ts).`,
    "",
    `Quality (local analyzer's retrieval, held-out set of ${q.questions} questions over ${q.recordings} corpus-built recordings, bench/lib/library-questions.ts):`,
    `right recording first ${q.top1}; in the top 3 citations ${q.top3} (target ≥ 80 %); top-3 citation at the expected moment ${q.moment}.`,
  ];
  if (!opts.qualityOnly) {
    // Its own process: the database client and the settings are read once per process, and quality() above
    // already opened them on the quality database.
    const out = execFileSync(process.execPath, ["--conditions=react-server", "--import", "tsx", __filename, "--latency-only"], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 1 << 24 });
    const l = JSON.parse(out.trim().split("\n").at(-1)!) as Awaited<ReturnType<typeof latency>>;
    lines.push(
      "",
      `Retrieval over the search bench's library (10,000 one-hour tasks, ~7.5 M entries; ${l.seeded ? "seeded for this run" : "existing database"}), ${QUESTIONS} questions of 2–3 vocabulary words per group, one at a time, target p95 ≤ 300 ms:`,
      "",
      "| who asks | p50 ms | p95 ms | max ms | questions with passages |",
      "|---|---|---|---|---|",
      ...l.rows,
    );
  }
  const body = lines.join("\n");
  console.log(body);
  if (opts.record) writeReadmeSection("library ask", body);
}

if (require.main === module && process.argv.includes("--latency-only")) {
  latency().then(
    (l) => {
      console.log(JSON.stringify(l));
      process.exit(0);
    },
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
} else if (require.main === module) {
  runLibraryAskBench({ record: process.argv.includes("--record"), qualityOnly: process.argv.includes("--quality-only") }).then(
    () => process.exit(0),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
