import "server-only";
import fsp from "node:fs/promises";
import path from "node:path";
import { AppError, isAppError } from "@/lib/api/errors";
import { billableMinutes, getUsage, reserveMinutes } from "@/lib/billing/usage";
import { allowedLinkHosts } from "@/lib/links/hosts";
import { parseVideoLink, VIDEO_PLATFORM_HOST_LABEL, VIDEO_PLATFORM_HOSTS, videoLinkErrorKey } from "@/lib/links/link.schema";
import { checkAndConsume } from "@/lib/links/rate-limit";
import { downloadAudio, LinkFetchError, probeVideo, videoTooLongError } from "@/lib/links/ytdlp";
import { AUDIO_MAX_BYTES } from "@/lib/media/limits";
import { probeMedia } from "@/lib/media/probe";
import { storage } from "@/lib/storage/storage";
import { prisma } from "@/lib/server/prisma";
import { queueTranscription } from "@/lib/tasks/queueing";
import { PermanentTaskError } from "@/lib/tasks/task-errors";
import { mediaFolder } from "@/lib/tasks/task.service";
import { taskSummarySelect, toTaskSummary } from "@/lib/tasks/task.view";
import { newTaskId } from "@/lib/tasks/upload";

// Video-platform links (experimental, rate limited). The route only checks the
// link and queues the task; the worker fetches the media with yt-dlp (the
// transcription pipeline's "fetch" step, below) and transcribes it as usual.

/** POST /api/transcription/import-link */
export async function importLink(userId: string, input: string, locale: string) {
  const testHosts = allowedLinkHosts().filter((h) => !VIDEO_PLATFORM_HOSTS.includes(h));
  const link = parseVideoLink(input, testHosts);
  if (!link.ok) throw new AppError(videoLinkErrorKey[link.reason], { host: VIDEO_PLATFORM_HOST_LABEL });
  await checkAndConsume(userId);
  const id = newTaskId();
  const title = link.videoId ? `YouTube ${link.videoId}` : link.url.pathname.split("/").filter(Boolean).pop() || link.url.host;
  await prisma.task.create({ data: { id, userId, title, source: "link", status: "not_started", sourceUrl: link.url.toString() } });
  await queueTranscription(id, locale);
  const row = await prisma.task.findUniqueOrThrow({ where: { id }, select: taskSummarySelect });
  return { task: toTaskSummary(row, null) };
}

/**
 * The pipeline's "fetch" step for a link task: probe (title, duration, and
 * whether the plan has the minutes), download the audio, store it as the
 * task's media and reserve its minutes. Failures that retrying cannot mend
 * (private, removed, geo-blocked, too long) become PermanentTaskError.
 */
export async function fetchLinkMedia(task: { id: string; userId: string; sourceUrl: string }, workDir: string, onProgress: (fraction: number) => void) {
  try {
    const info = await probeVideo(task.sourceUrl);
    const usage = await getUsage(task.userId);
    if (info.durationSec !== null && billableMinutes(info.durationSec) > usage.remainingMinutes) throw videoTooLongError(info.durationSec, Math.floor(usage.remainingMinutes));
    await prisma.task.update({ where: { id: task.id }, data: { title: info.title.slice(0, 200), duration: info.durationSec } });
    const dir = path.join(workDir, "download");
    await fsp.mkdir(dir, { recursive: true });
    const downloaded = await downloadAudio(task.sourceUrl, dir, { maxBytes: AUDIO_MAX_BYTES, onProgress });
    const media = await probeMedia(downloaded.file);
    const size = (await fsp.stat(downloaded.file)).size;
    const key = `${mediaFolder(task.userId, task.id)}/part-0${path.extname(downloaded.file).toLowerCase()}`;
    const mime = media.kind === "video" ? "video/mp4" : "audio/mp4";
    await storage().putFile(key, downloaded.file, mime);
    const minutes = billableMinutes(media.durationSec);
    await prisma.$transaction(async (db) => {
      await reserveMinutes(db, task.userId, minutes);
      await db.mediaPart.create({ data: { taskId: task.id, position: 0, storageKey: key, originalName: path.basename(downloaded.file), size, mime, kind: media.kind, duration: media.durationSec } });
      await db.task.update({
        where: { id: task.id },
        data: { duration: media.durationSec, fileSize: size, mediaKind: media.kind, mediaKey: key, mediaMime: mime, chargedMinutes: minutes },
      });
    });
  } catch (e) {
    if (e instanceof LinkFetchError && !e.retryable) throw new PermanentTaskError(e.code, e.suggestions);
    // The plan cannot hold this video: "too long for the plan".
    if (isAppError(e) && e.key === "upload.usageLimit") throw new PermanentTaskError("link_too_long", ["checkFileLink"]);
    throw e;
  }
}
