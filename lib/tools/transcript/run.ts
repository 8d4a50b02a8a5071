import "server-only";
import fsp from "node:fs/promises";
import path from "node:path";
import { setProgress, clearProgress } from "@/lib/jobs/progress";
import { PermanentTaskError } from "@/lib/jobs/task-errors";
import { downloadAudio, downloadCaptions, LinkFetchError, probeVideo } from "@/lib/links/ytdlp";
import { normalizeToWav } from "@/lib/media/ffmpeg";
import { AUDIO_MAX_BYTES } from "@/lib/media/limits";
import { speechEngine } from "@/lib/speech/engine";
import { transcribeLong } from "@/lib/speech/long";
import { prisma } from "@/lib/server/prisma";
import { scratchDir } from "@/lib/storage/scratch";
import { chooseCaptionTrack, parseCaptions, type TimedSegment } from "./captions";
import { markToolTranscriptFailed, progressKey } from "./transcript.service";

// The worker's part of the transcript tool (job "tools.transcript", media queue): the
// platform's own captions when yt-dlp finds them, else the audio through our speech engine.
// Never in the web process.

/** Longest video the free tool transcribes through the speech engine (captions have no limit). */
export const TOOL_SPEECH_MAX_SEC = 3 * 3600;

export async function runToolTranscript(id: string, opts: { locale: string; signal?: AbortSignal }) {
  const row = await prisma.toolTranscript.findUnique({ where: { id }, select: { url: true, status: true } });
  if (!row || (row.status !== "queued" && row.status !== "processing")) return { skipped: row?.status ?? "deleted" };
  await prisma.toolTranscript.update({ where: { id }, data: { status: "processing" } });
  const progress = (stage: string, percent: number) => void setProgress(progressKey(id), { stage, percent });
  progress("fetching", 5);
  const dir = await scratchDir("tools", "transcripts", id);
  try {
    const info = await probeVideo(row.url, { signal: opts.signal });
    await prisma.toolTranscript.update({ where: { id }, data: { title: info.title.slice(0, 200), durationSec: info.durationSec } });
    const track = chooseCaptionTrack(info.captions, opts.locale);
    let result: { segments: TimedSegment[]; source: "captions" | "speech"; language: string | null } | null = null;
    if (track) {
      progress("captions", 30);
      const file = await downloadCaptions(row.url, dir, { ...track, signal: opts.signal });
      const segments = file ? parseCaptions(await fsp.readFile(file, "utf8")) : [];
      if (segments.length > 0) result = { segments, source: "captions", language: track.language.replace(/-orig$/, "") };
    }
    if (!result) {
      if (info.durationSec !== null && info.durationSec > TOOL_SPEECH_MAX_SEC) throw new PermanentTaskError("link_too_long", ["checkFileLink"]);
      result = await transcribeAudio(row.url, dir, (stage, p) => progress(stage, p), opts.signal);
    }
    if (result.segments.length === 0) throw new PermanentTaskError("no_speech", ["checkFileLink"]);
    await prisma.toolTranscript.updateMany({
      where: { id, status: "processing" },
      data: { status: "completed", source: result.source, language: result.language, segments: result.segments as object[], completedAt: new Date() },
    });
    await clearProgress(progressKey(id)).catch(() => undefined);
    return { source: result.source, segments: result.segments.length };
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

async function transcribeAudio(url: string, dir: string, progress: (stage: string, percent: number) => void, signal?: AbortSignal) {
  progress("downloading", 10);
  await fsp.mkdir(path.join(dir, "download"), { recursive: true });
  const audio = await downloadAudio(url, path.join(dir, "download"), { maxBytes: AUDIO_MAX_BYTES, signal, onProgress: (f) => progress("downloading", 10 + f * 20) });
  const wav = path.join(dir, "audio.wav");
  await normalizeToWav(audio.file, wav, signal);
  await fsp.rm(audio.file, { force: true });
  progress("transcribing", 35);
  const speech = await transcribeLong(wav, { engine: speechEngine(), workDir: path.join(dir, "chunks"), signal, onProgress: (f) => progress("transcribing", 35 + f * 60) });
  const segments = speech.segments.map((s) => ({ begin: s.begin, end: s.end, text: s.text.trim() })).filter((s) => s.text);
  return { segments, source: "speech" as const, language: speech.language ?? null };
}

/** The job's final failure: recorded with the link's own code where there is one, and the use given back. */
export async function failToolTranscript(id: string, error: unknown): Promise<void> {
  const code = error instanceof PermanentTaskError || error instanceof LinkFetchError ? error.code : "transcription_failed";
  await markToolTranscriptFailed(id, code);
  await clearProgress(progressKey(id)).catch(() => undefined);
}
