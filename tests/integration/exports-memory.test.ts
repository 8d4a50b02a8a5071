import { runInNewContext } from "node:vm";
import v8 from "node:v8";
import { NextRequest } from "next/server";
import { GET as exportRoute } from "@/app/api/transcription/tasks/[id]/export/route";
import { renderPdf } from "@/lib/exports/pdf";
import { timelinePages, transcriptShape, TIMELINE_PAGE } from "@/lib/exports/source";
import { translatorFor } from "@/lib/i18n/server";
import { prisma } from "@/lib/server/prisma";
import { writeReadmeSection } from "@/bench/lib/readme";
import { machineLine } from "@/bench/lib/machine";
import { setupTestDatabase } from "@/tests/helpers/db";
import { MEETING } from "@/tests/helpers/tasks";
import { signIn } from "@/tests/helpers/users";

// A 3-hour transcript exports without holding it (twice) in memory: TXT, SRT and VTT stream
// from pages of TIMELINE_PAGE rows, so the process grows by a bounded amount whatever the
// length. The figures go to bench/README.md ("exports") with EXPORTS_BENCH_RECORD=1.
jest.setTimeout(600_000);

v8.setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const MB = 1024 * 1024;
const HOURS = 3;
/** One entry a second (a busy conversation), the speaker changing every 6 entries. */
const ENTRIES = HOURS * 3600;

let user: Awaited<ReturnType<typeof signIn>>;
let taskId: string;
const rows: string[] = [];

beforeAll(async () => {
  await setupTestDatabase();
  user = await signIn("exp-mem");
  await prisma.user.update({ where: { id: user.userId }, data: { planCode: "pro" } });
  const task = await prisma.task.create({ data: { userId: user.userId, title: "Three-hour board meeting", status: "completed", duration: ENTRIES, language: "en" }, select: { id: true } });
  taskId = task.id;
  const speakers = await Promise.all([0, 1, 2, 3].map((n) => prisma.speaker.create({ data: { taskId, label: `spk_${n}`, name: `Speaker ${n + 1}`, position: n }, select: { id: true } })));
  for (let start = 0; start < ENTRIES; start += 2000) {
    const data = Array.from({ length: Math.min(2000, ENTRIES - start) }, (_, k) => {
      const i = start + k;
      const text = `${MEETING[i % MEETING.length]!.text} Point ${i} of the agenda, noted.`;
      return { taskId, position: i, begin: i * 1000, end: i * 1000 + 950, text, speakerId: speakers[Math.floor(i / 6) % 4]!.id };
    });
    await prisma.timelineEntry.createMany({ data });
  }
});

afterAll(() => {
  if (process.env.EXPORTS_BENCH_RECORD !== "1") return;
  writeReadmeSection(
    "exports",
    [
      `How much the web process grows while it answers one export of a ${HOURS}-hour transcript (${ENTRIES.toLocaleString("en")} timeline entries, one a second, ${ENTRIES / 6} speaker turns).`,
      "RSS and heap (V8 heap used + external buffers, garbage included until it is collected) are sampled every 5 ms while the answer is read",
      "(and thrown away) chunk by chunk; the baselines are taken after a full GC. RSS rarely drops once grown, so the heap column is the sharper one. TXT, SRT and VTT",
      `stream from pages of ${TIMELINE_PAGE} rows (lib/exports/source.ts); DOCX is built whole in the web process; the PDF is rendered by a child process`,
      "(lib/exports/pdf.ts) into a temporary file that is streamed, so the web process only holds one page of rows; the child's own peak is given.",
      "",
      `${machineLine()}. Command: \`EXPORTS_BENCH_RECORD=1 npx jest tests/integration/exports-memory.test.ts\`.`,
      "",
      "| format | file size | time | web RSS growth (peak) | web heap growth (peak) | child peak RSS |",
      "|---|---|---|---|---|---|",
      ...rows,
    ].join("\n"),
  );
});

async function measure<T>(run: (sample: () => void) => Promise<T>) {
  gc();
  const heap = () => {
    const m = process.memoryUsage();
    return m.heapUsed + m.external;
  };
  const base = process.memoryUsage().rss;
  const baseHeap = heap();
  let peak = base;
  let peakHeap = baseHeap;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
    peakHeap = Math.max(peakHeap, heap());
  };
  const timer = setInterval(sample, 5);
  const started = Date.now();
  try {
    const value = await run(sample);
    sample();
    return { value, growthMb: (peak - base) / MB, heapMb: (peakHeap - baseHeap) / MB, ms: Date.now() - started };
  } finally {
    clearInterval(timer);
  }
}

async function streamExport(format: string, sample: () => void) {
  const req = new NextRequest(`http://localhost:3000/api/x?format=${format}`, { headers: { authorization: `Bearer ${user.token}`, "x-locale": "en" } });
  const res = await exportRoute(req, { params: Promise.resolve({ id: taskId }) });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  let bytes = 0;
  let tail = new Uint8Array();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    tail = value;
    sample();
  }
  return { bytes, tail: Buffer.from(tail).toString("utf8") };
}

test.each(["txt", "srt", "vtt"])("%s of a 3-hour transcript streams with bounded growth", async (format) => {
  const { value, growthMb, heapMb, ms } = await measure((sample) => streamExport(format, sample));
  expect(value.bytes).toBeGreaterThan(MB);
  expect(value.tail).toContain(`Point ${ENTRIES - 1} of the agenda`);
  rows.push(`| ${format.toUpperCase()} | ${(value.bytes / MB).toFixed(1)} MB | ${(ms / 1000).toFixed(1)} s | ${growthMb.toFixed(1)} MB | ${heapMb.toFixed(1)} MB | (none) |`);
  expect(growthMb).toBeLessThan(48);
  // Holding the file as a JS string alone would be twice its size (UTF-16), before any copy; page reads are a fraction of it.
  expect(heapMb).toBeLessThan(64);
});

test("timeline reads are pages of at most TIMELINE_PAGE rows", async () => {
  const sizes: number[] = [];
  for await (const page of timelinePages(taskId)) sizes.push(page.length);
  expect(Math.max(...sizes)).toBeLessThanOrEqual(TIMELINE_PAGE);
  expect(sizes.reduce((a, b) => a + b, 0)).toBe(ENTRIES);
});

test("DOCX of a 3-hour transcript: built in memory, growth recorded", async () => {
  const { value, growthMb, heapMb, ms } = await measure((sample) => streamExport("docx", sample));
  expect(value.bytes).toBeGreaterThan(20_000);
  rows.push(`| DOCX | ${(value.bytes / MB).toFixed(1)} MB | ${(ms / 1000).toFixed(1)} s | ${growthMb.toFixed(1)} MB | ${heapMb.toFixed(1)} MB | (none) |`);
  expect(growthMb).toBeLessThan(400);
});

test("PDF of a 3-hour transcript: rendered by the child, the web process holds one page of rows", async () => {
  const { t } = await translatorFor("en");
  const shape = await transcriptShape(taskId, "en", t);
  const { value: pdf, growthMb, heapMb, ms } = await measure(() =>
    renderPdf({ title: "Three-hour board meeting", language: "en", summary: [], outline: [], labels: { summary: "Summary", mindMap: "Mind map", transcript: "Transcript" } }, { pages: timelinePages(taskId), shape }),
  );
  try {
    expect(pdf.bytes).toBeGreaterThan(100_000);
    rows.push(`| PDF | ${(pdf.bytes / MB).toFixed(1)} MB | ${(ms / 1000).toFixed(1)} s | ${growthMb.toFixed(1)} MB | ${heapMb.toFixed(1)} MB | ${(pdf.childPeakRssKb / 1024).toFixed(0)} MB |`);
    expect(growthMb).toBeLessThan(64);
  } finally {
    await pdf.cleanup();
  }
});
