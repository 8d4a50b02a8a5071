import "server-only";
import fsp from "node:fs/promises";
import path from "node:path";
import { AppError, isAppError } from "@/lib/server/errors";
import { billableSeconds, usageSeconds } from "@/lib/billing/usage";
import { allowedLinkHosts } from "@/lib/links/hosts";
import { parseVideoLink, VIDEO_PLATFORM_HOST_LABEL, VIDEO_PLATFORM_HOSTS, videoLinkErrorKey } from "@/lib/links/link.schema";
import { checkAndConsume } from "@/lib/links/rate-limit";
import { downloadAudio, LinkFetchError, probeVideo, videoTooLongError } from "@/lib/links/ytdlp";
import { AUDIO_MAX_BYTES } from "@/lib/media/limits";
import { prisma } from "@/lib/server/prisma";
import { createTask, updateLiveTask } from "@/lib/tasks/write-guard";
import { intakeFetchedMedia } from "@/lib/tasks/intake";
import { queueTranscription } from "@/lib/tasks/queueing";
import { PermanentTaskError } from "@/lib/jobs/task-errors";
import { assertEngineHears, spokenLanguageField } from "@/lib/tasks/spoken-language";
import { newTaskId } from "@/lib/tasks/task-files";
import { taskSummarySelect, toTaskSummary } from "@/lib/tasks/task.serializer";

// Video-platform links (experimental, rate limited). The route only checks the
// link and queues the task; the worker fetches the media with yt-dlp (the
// transcription pipeline's "fetch" step, below) and transcribes it as usual.

/** POST /api/transcription/import-link */
export async function importLink(userId: string, input: string, locale: string, language?: string) {
  const testHosts = allowedLinkHosts().filter((h) => !VIDEO_PLATFORM_HOSTS.includes(h));
  const link = parseVideoLink(input, testHosts);
  if (!link.ok) throw new AppError(videoLinkErrorKey[link.reason], { host: VIDEO_PLATFORM_HOST_LABEL });
  // Before the hourly allowance is used: a refused language costs nothing.
  const spokenLanguage = spokenLanguageField(language, locale);
  assertEngineHears(spokenLanguage);
  await checkAndConsume(userId);
  const id = newTaskId();
  const title = link.videoId ? `YouTube ${link.videoId}` : link.url.pathname.split("/").filter(Boolean).pop() || link.url.host;
  await createTask({ id, userId, title, source: "link", status: "not_started", sourceUrl: link.url.toString(), spokenLanguage });
  await queueTranscription(id, locale);
  const row = await prisma.task.findUniqueOrThrow({ where: { id }, select: taskSummarySelect });
  return { task: toTaskSummary(row, null) };
}

/**
 * The pipeline's "fetch" step for a link task: probe (title, duration, and
 * whether the plan has the minutes), download the audio, and hand it to the
 * shared media intake (store and charge). Failures that retrying cannot mend
 * (private, removed, geo-blocked, too long) become PermanentTaskError.
 */
export async function fetchLinkMedia(
  task: { id: string; userId: string; sourceUrl: string },
  workDir: string,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
) {
  try {
    const info = await probeVideo(task.sourceUrl, { signal });
    const usage = await usageSeconds(task.userId);
    const remaining = Math.max(0, usage.total - usage.used);
    if (info.durationSec !== null && billableSeconds(info.durationSec) > remaining) throw videoTooLongError(info.durationSec, remaining);
    await updateLiveTask(task.id, { title: info.title.slice(0, 200), duration: info.durationSec });
    const dir = path.join(workDir, "download");
    await fsp.mkdir(dir, { recursive: true });
    const downloaded = await downloadAudio(task.sourceUrl, dir, { maxBytes: AUDIO_MAX_BYTES, onProgress, signal });
    await intakeFetchedMedia(task, { path: downloaded.file, name: path.basename(downloaded.file) });
  } catch (e) {
    if (e instanceof LinkFetchError && !e.retryable) throw new PermanentTaskError(e.code, e.suggestions);
    // The plan cannot hold this video: "too long for the plan".
    if (isAppError(e) && e.key === "upload.usageLimit") throw new PermanentTaskError("link_too_long", ["checkFileLink"]);
    throw e;
  }
}
