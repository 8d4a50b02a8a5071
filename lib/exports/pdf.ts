import "server-only";
import { fork } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { AppError } from "@/lib/server/errors";
import { formatClock } from "@/lib/format/time";
import { TurnGrouper, type ExportEntry, type SpeakerTurn, type TranscriptShape } from "./lines";
import type { PdfChildAnswer, PdfChildMessage } from "./pdf-child";
import type { PdfHead, PdfTurn } from "./pdf-document";

// PDFs are rendered by a child process (pdf-child.ts) into a temporary file that the route
// then streams: the web server holds one page of timeline rows at a time, never the PDF.

/** The child's heap cap; a 3-hour transcript needs well under half of it (bench/README.md). */
const CHILD_HEAP_MB = 1024;
/** A render that takes longer than this is given up (the child is killed). */
export const PDF_TIMEOUT_MS = 180_000;
/** PDFs rendering at once in this process; more wait for "too many requests" to pass. */
const MAX_RENDERS = 2;
let rendering = 0;

export interface RenderedPdf {
  file: string;
  bytes: number;
  /** The child's peak resident memory (bench/README.md "exports"). */
  childPeakRssKb: number;
  /** Removes the temporary file and its folder. */
  cleanup: () => Promise<void>;
}

function turnForPdf(turn: SpeakerTurn, shape: TranscriptShape): PdfTurn {
  const head = [shape.withSpeakers ? shape.nameOf(turn.speakerId) : "", shape.timed ? formatClock(turn.begin) : ""].filter(Boolean).join("  ");
  return { head, text: turn.texts.join(" ") };
}

type TranscriptSource = { pages: AsyncIterable<ExportEntry[]>; shape: TranscriptShape } | null;

export async function renderPdf(head: PdfHead, transcript: TranscriptSource): Promise<RenderedPdf> {
  if (rendering >= MAX_RENDERS) throw new AppError("common.tooManyRequests");
  rendering++;
  try {
    return await renderInChild(head, transcript);
  } finally {
    rendering--;
  }
}

async function renderInChild(head: PdfHead, transcript: TranscriptSource): Promise<RenderedPdf> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "tingji-pdf-"));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  const file = path.join(dir, "export.pdf");
  // Started by path at run time through tsx, without the react-server condition (react-pdf needs React's client build).
  const entry = path.join(/* turbopackIgnore: true */ process.cwd(), "lib/exports/pdf-child.ts");
  const child = fork(/* turbopackIgnore: true */ entry, [], {
    execArgv: ["--import", "tsx", `--max-old-space-size=${CHILD_HEAP_MB}`],
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const done = new Promise<{ bytes: number; peakRssKb: number }>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error("PDF render timed out"));
    }, PDF_TIMEOUT_MS);
    child.once("message", (a: PdfChildAnswer) => {
      clearTimeout(timer);
      if (a.ok) resolve(a);
      else reject(new Error(a.error));
    });
    child.once("error", (e) => (clearTimeout(timer), reject(e)));
    child.once("exit", (code, sig) => (clearTimeout(timer), reject(new Error(`PDF child exited (${sig ?? code})`))));
  });
  done.catch(() => undefined);
  const send = (m: PdfChildMessage) => new Promise<void>((resolve, reject) => child.send(m, (e) => (e ? reject(e) : resolve())));
  try {
    await send({ type: "head", head, out: file });
    if (transcript) {
      const turns = new TurnGrouper();
      for await (const page of transcript.pages) {
        const batch: PdfTurn[] = [];
        for (const e of page) {
          const ended = turns.push(e);
          if (ended) batch.push(turnForPdf(ended, transcript.shape));
        }
        if (batch.length) await send({ type: "turns", turns: batch });
      }
      const last = turns.flush();
      if (last) await send({ type: "turns", turns: [turnForPdf(last, transcript.shape)] });
    }
    await send({ type: "end" });
    const { bytes, peakRssKb } = await done;
    return { file, bytes, childPeakRssKb: peakRssKb, cleanup };
  } catch (e) {
    child.kill("SIGKILL");
    await cleanup();
    throw e;
  }
}
