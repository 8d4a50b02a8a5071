import "server-only";
import fsp from "node:fs/promises";
import path from "node:path";
import { computeFeaturesOfWav } from "@/lib/diarization/features";
import { prisma } from "@/lib/server/prisma";
import { storage, withScratchDir } from "@/lib/storage/storage";
import { mediaFolder } from "@/lib/tasks/task-files";
import { embedRanges, EMBEDDING_VERSION, type VoiceVector } from "./embedding";

export type SpeakerVoice = {
  vector: VoiceVector;
  version: string;
  speechSec: number;
  /** The speaker's longest stretch, cut to 2–10 s: the reference clip a diarizing speech API is given. */
  ref: { start: number; end: number } | null;
};

const REF_MIN_SEC = 2;
const REF_MAX_SEC = 10;

/**
 * The voices of a finished task's speakers, from its stored 16 kHz WAV and the
 * timeline's entries (which carry the speaker each stretch belongs to). The
 * features are streamed from the file, so memory stays small on long
 * recordings. `wavPath` skips the download when the worker already has it.
 */
export async function taskSpeakerVoices(taskId: string, wavPath?: string, onlySpeakerId?: string): Promise<Map<string, SpeakerVoice>> {
  const task = await prisma.task.findUniqueOrThrow({
    where: { id: taskId },
    select: {
      userId: true,
      timeline: { select: { begin: true, end: true, speakerId: true }, where: onlySpeakerId ? { speakerId: onlySpeakerId } : { speakerId: { not: null } } },
    },
  });
  const ranges = new Map<string, { start: number; end: number }[]>();
  for (const e of task.timeline) {
    if (!e.speakerId) continue;
    const list = ranges.get(e.speakerId) ?? [];
    list.push({ start: e.begin / 1000, end: e.end / 1000 });
    ranges.set(e.speakerId, list);
  }
  if (ranges.size === 0) return new Map();
  const embed = async (wav: string) => {
    const feats = await computeFeaturesOfWav(wav, 19);
    const out = new Map<string, SpeakerVoice>();
    for (const [speakerId, list] of ranges) {
      const vector = embedRanges(feats, list);
      if (!vector) continue;
      const longest = list.reduce((a, b) => (b.end - b.start > a.end - a.start ? b : a));
      const ref = longest.end - longest.start >= REF_MIN_SEC ? { start: longest.start, end: Math.min(longest.end, longest.start + REF_MAX_SEC) } : null;
      out.set(speakerId, { vector, version: EMBEDDING_VERSION, speechSec: vector[0]! / 100, ref });
    }
    return out;
  };
  if (wavPath) return embed(wavPath);
  return withScratchDir("voices", async (dir) => {
    const local = await storage().fetchToFile(`${mediaFolder(task.userId, taskId)}/normalized.wav`, path.join(dir, "normalized.wav"));
    try {
      return await embed(local);
    } finally {
      await fsp.rm(local, { force: true });
    }
  });
}
