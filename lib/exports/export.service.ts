import "server-only";
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { AppError, isAppError } from "@/lib/server/errors";
import { hasProFeatures } from "@/lib/billing/plans";
import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "@/lib/i18n/server";
import { logger } from "@/lib/server/logger";
import { contentDisposition, sanitizeFileName, STORED_FILE_CSP } from "@/lib/storage/serve";
import { summaryDocx, transcriptDocx } from "./docx";
import { formatInfo, partOf, type ExportFormat, type ExportQuery } from "./formats";
import { markdownBlocks, mindMapOutline } from "./markdown-blocks";
import { renderPdf } from "./pdf";
import { readableTask, timelinePages, transcriptShape, type ExportTask } from "./source";
import { srtCue, TurnGrouper, txtTurn, VTT_HEADER, vttCue, type ExportEntry, type TranscriptShape } from "./lines";
import { mindMapFor, mindMapXmind } from "./xmind";
import { outlineText } from "./outline-text";
import type { Outline } from "@/lib/analysis/types";

// GET /api/transcription/tasks/{id}/export: every export format, built here and answered as a
// file (docs/exports.md). TXT, SRT, VTT and Markdown stream from paged reads; DOCX and .xmind
// are built in memory (bounded by one transcript); PDFs render in a child process to a temp file.

export interface Exporter {
  userId: string;
  planCode: string;
}

function fileHeaders(format: ExportFormat, name: string, length?: number): Record<string, string> {
  const headers: Record<string, string> = {
    "content-type": formatInfo[format].mime,
    "x-content-type-options": "nosniff",
    "content-security-policy": STORED_FILE_CSP,
    "content-disposition": contentDisposition("attachment", sanitizeFileName(name, formatInfo[format].extension)),
    "cross-origin-resource-policy": "same-origin",
    "cache-control": "private, no-store",
  };
  if (length !== undefined) headers["content-length"] = String(length);
  return headers;
}

/** A stream of UTF-8 text pulled from `chunks` one at a time, so the reader's pace sets the reads. */
function textStream(chunks: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

/** TXT: a BOM (Windows editors then read UTF-8), the title, then one paragraph per speaker turn. */
async function* txtChunks(title: string, pages: AsyncIterable<ExportEntry[]>, shape: TranscriptShape, outline = ""): AsyncGenerator<string> {
  yield `\ufeff${title}\n\n${outline}`;
  const turns = new TurnGrouper();
  let first = true;
  const line = (turn: NonNullable<ReturnType<TurnGrouper["flush"]>>) => {
    const text = `${first ? "" : "\n\n"}${txtTurn(turn, shape)}`;
    first = false;
    return text;
  };
  for await (const page of pages) {
    let chunk = "";
    for (const entry of page) {
      const ended = turns.push(entry);
      if (ended) chunk += line(ended);
    }
    if (chunk) yield chunk;
  }
  const last = turns.flush();
  yield `${last ? line(last) : ""}\n`;
}

async function* cueChunks(format: "srt" | "vtt", pages: AsyncIterable<ExportEntry[]>, shape: TranscriptShape): AsyncGenerator<string> {
  if (format === "vtt") yield VTT_HEADER;
  let index = 0;
  for await (const page of pages) yield page.map((e) => (format === "srt" ? srtCue(++index, e, shape) : vttCue(e, shape))).join("");
}

function requireSummary(task: ExportTask): string {
  if (!task.summary?.trim()) throw new AppError("exports.noSummary");
  return task.summary;
}

async function pdfResponse(task: ExportTask, name: string, locale: Locale, t: Translate): Promise<Response> {
  const shape = await transcriptShape(task.id, locale, t).catch((e: unknown) => {
    if (isAppError(e) && e.key === "exports.noTranscript") return null;
    throw e;
  });
  const map = mindMapFor(task);
  const summary = task.summary?.trim() ? markdownBlocks(task.summary) : [];
  if (!shape && !summary.length && !map) throw new AppError("exports.noTranscript");
  const pdf = await renderPdf(
    {
      title: task.title,
      language: task.summaryLanguage ?? task.language ?? locale,
      summary,
      outline: map ? mindMapOutline(map) : [],
      labels: { summary: t("exports.pdf.summary"), mindMap: t("exports.pdf.mindMap"), transcript: t("exports.pdf.transcript") },
    },
    shape ? { pages: timelinePages(task.id), shape } : null,
  );
  const file = createReadStream(pdf.file);
  file.once("close", () => void pdf.cleanup());
  return new Response(Readable.toWeb(file) as ReadableStream, { status: 200, headers: fileHeaders("pdf", name, pdf.bytes) });
}

/** The export of one task as an HTTP answer; owners and collaborators only, Pro formats for Pro plans. */
export async function exportTask(who: Exporter, taskId: string, query: ExportQuery, locale: Locale, t: Translate): Promise<Response> {
  const task = await readableTask(who.userId, taskId);
  const { format } = query;
  if (formatInfo[format].pro && !hasProFeatures(who.planCode)) throw new AppError("exports.proRequired");
  const part = partOf(format, query.part);
  const name = part === "summary" && format === "docx" ? `${task.title} - ${t("exports.pdf.summary")}` : task.title;
  const language = task.summaryLanguage ?? task.language;

  if (format === "txt" || format === "srt" || format === "vtt") {
    const shape = await transcriptShape(task.id, locale, t);
    const chunks = format === "txt" ? txtChunks(task.title, timelinePages(task.id), shape, outlineText(task.outline as Outline | null, t)) : cueChunks(format, timelinePages(task.id), shape);
    return new Response(textStream(chunks), { status: 200, headers: fileHeaders(format, name) });
  }
  if (format === "md") {
    const body = Buffer.from(`${requireSummary(task).trimEnd()}\n`, "utf8");
    return new Response(body, { status: 200, headers: fileHeaders(format, name, body.byteLength) });
  }
  if (format === "docx") {
    const body =
      part === "summary"
        ? await summaryDocx(task.title, language, requireSummary(task))
        : await transcriptDocx(task.title, task.language, timelinePages(task.id), await transcriptShape(task.id, locale, t));
    return new Response(new Uint8Array(body), { status: 200, headers: fileHeaders(format, name, body.byteLength) });
  }
  if (format === "xmind") {
    const map = mindMapFor(task);
    if (!map) throw new AppError("exports.noMindMap");
    const body = await mindMapXmind(map, task.title).catch((e: unknown) => {
      logger.error("xmind export failed", { taskId, error: String(e) });
      throw new AppError("exports.xmindFailed");
    });
    return new Response(new Uint8Array(body), { status: 200, headers: fileHeaders(format, name, body.byteLength) });
  }
  return pdfResponse(task, name, locale, t).catch((e: unknown) => {
    if (isAppError(e)) throw e;
    logger.error("pdf export failed", { taskId, error: String(e) });
    throw new AppError("exports.pdfFailed");
  });
}
