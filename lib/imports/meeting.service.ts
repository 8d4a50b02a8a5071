import "server-only";
import fsp from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { AppError, isAppError } from "@/lib/server/errors";
import { enqueue } from "@/lib/jobs/contract";
import { VIDEO_MAX_BYTES } from "@/lib/media/limits";
import { parseMeetingLink, type MeetingPlatform } from "@/lib/meetings/meeting-link";
import { meetingBotProvider, MeetingProviderError, type MeetingBotProvider } from "@/lib/meetings/provider";
import { env } from "@/lib/server/env";
import { logger } from "@/lib/server/logger";
import { prisma, Prisma } from "@/lib/server/prisma";
import { scratchDir } from "@/lib/storage/storage";
import { assertTaskAlive, createTask, TaskGoneError, taskExists, updateLiveTask } from "@/lib/tasks/write-guard";
import { intakeFetchedMedia } from "@/lib/tasks/intake";
import { queueTranscription } from "@/lib/tasks/queueing";
import { PermanentTaskError } from "@/lib/jobs/task-errors";
import { assertEngineHears, spokenLanguageField } from "@/lib/tasks/spoken-language";
import { newTaskId } from "@/lib/tasks/task-files";
import { taskSummarySelect, toTaskSummary } from "@/lib/tasks/task.serializer";

// Meeting links: a recording bot joins through the meeting-bot provider
// (docs/meetings.md). The worker follows the bot (joining → in meeting →
// ended) and, when the recording is ready, hands it to the normal pipeline.

/** Longest we follow one bot before giving up on its recording. */
const MAX_WATCH_MS = 6 * 3600_000;
/** Provider hiccups in a row we sit out before the meeting's status shows as unknown. */
const UNKNOWN_AFTER_FAILURES = 3;

const platformNames: Record<MeetingPlatform, string> = { zoom: "Zoom", google_meet: "Google Meet", teams: "Microsoft Teams", tencent: "Tencent Meeting", feishu: "Feishu" };

export function meetingConfig() {
  return { enabled: meetingBotProvider() !== null };
}

/** POST /api/meetings/join: sends the bot and creates the task that follows it. */
export async function joinMeeting(userId: string, input: string, locale: string, language?: string) {
  const provider = meetingBotProvider();
  if (!provider) throw new AppError("meetings.notConfigured");
  const link = parseMeetingLink(input);
  if (!link.ok) throw new AppError("meetings.invalidLink");
  // Before the bot is sent: its recording could not be transcribed.
  const spokenLanguage = spokenLanguageField(language, locale);
  assertEngineHears(spokenLanguage);
  let botId: string;
  try {
    ({ botId } = await provider.createBot({ meetingUrl: link.url.toString() }));
  } catch (e) {
    logger.warn("meeting bot not sent", { error: e instanceof Error ? e.message : String(e) });
    const refused = e instanceof MeetingProviderError && e.status !== null && e.status >= 400 && e.status < 500 && e.status !== 429;
    throw new AppError(refused ? "meetings.joinFailed" : "meetings.providerError");
  }
  const id = newTaskId();
  const title = `${platformNames[link.platform]} ${new Date().toISOString().slice(0, 16).replace("T", " ")}`;
  await createTask({ id, userId, title, source: "meeting", status: "queued", sourceUrl: link.url.toString(), meetingStatus: "joining", meetingBotId: botId, spokenLanguage });
  await enqueue("meeting.watch", { taskId: id, locale }, { jobKey: id });
  const row = await prisma.task.findUniqueOrThrow({ where: { id }, select: taskSummarySelect });
  return { task: toTaskSummary(row, null) };
}

/** The worker's job: follows the bot until its recording is ready, then queues the transcription. */
export async function watchMeeting(taskId: string, opts: { locale: string; signal?: AbortSignal }) {
  const provider = meetingBotProvider();
  const task = await prisma.task.findUnique({ where: { id: taskId }, select: { userId: true, status: true, meetingBotId: true, meetingStatus: true } });
  if (!task || task.status !== "queued" || !task.meetingBotId) return { skipped: task?.status ?? "deleted" };
  if (!provider) throw new PermanentTaskError("meeting_join_failed", ["contactSupport"]);
  try {
    return await followBot(provider, taskId, { ...task, meetingBotId: task.meetingBotId }, opts);
  } catch (e) {
    // Deleted while the bot was in the meeting: the watch ends quietly; deleting removed the files.
    if (e instanceof TaskGoneError || !(await taskExists(taskId).catch(() => true))) return { skipped: "deleted" as const };
    throw e;
  }
}

async function followBot(
  provider: MeetingBotProvider,
  taskId: string,
  task: { userId: string; meetingBotId: string; meetingStatus: Prisma.TaskGetPayload<{ select: { meetingStatus: true } }>["meetingStatus"] },
  opts: { locale: string; signal?: AbortSignal },
) {
  const started = Date.now();
  let failures = 0;
  let shown = task.meetingStatus;
  while (Date.now() - started < MAX_WATCH_MS && !opts.signal?.aborted) {
    const state = await provider.getBot(task.meetingBotId).catch((e: unknown) => {
      if (!(e instanceof MeetingProviderError) || !e.retryable) throw e;
      failures++;
      return null;
    });
    const status = state?.status ?? (failures >= UNKNOWN_AFTER_FAILURES ? "unknown" : shown);
    if (state) failures = 0;
    // A deleted task stops the watch (TaskGoneError) before anything is written.
    if (status !== shown) {
      await updateLiveTask(taskId, { meetingStatus: status });
      shown = status;
    } else await assertTaskAlive(taskId);
    if (state?.failed) throw new PermanentTaskError("meeting_join_failed", ["checkFileLink", "retryLater"]);
    if (state?.recordingUrl) {
      await storeRecording(provider, { id: taskId, userId: task.userId }, state.recordingUrl);
      await queueTranscription(taskId, opts.locale);
      return { recorded: true };
    }
    if (state?.finished) throw new PermanentTaskError("meeting_no_recording", ["checkFileLink", "retryLater"]);
    // Abortable: a worker that is stopping hands the watch back at once (it resumes from the bot's state).
    await sleep(env().MEETING_POLL_MS, undefined, { signal: opts.signal }).catch(() => undefined);
  }
  throw new PermanentTaskError("meeting_no_recording", ["retryLater"]);
}

/** Downloads the recording and hands it to the shared media intake (store and charge) as the task's media. */
async function storeRecording(provider: MeetingBotProvider, task: { id: string; userId: string }, url: string) {
  const dir = await scratchDir("meetings", task.id);
  try {
    const file = path.join(dir, "recording");
    await provider.downloadRecording(url, file, { maxBytes: VIDEO_MAX_BYTES });
    await intakeFetchedMedia(task, { path: file, name: "recording" });
  } catch (e) {
    if (isAppError(e) && e.key === "upload.usageLimit") throw new PermanentTaskError("meeting_no_recording", ["retryLater"]);
    throw e;
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}
