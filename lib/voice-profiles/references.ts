import "server-only";
import fsp from "node:fs/promises";
import path from "node:path";
import { hasProFeatures } from "@/lib/billing/plans";
import { readWavInfo, wavHeader } from "@/lib/media/wav";
import { logger } from "@/lib/server/logger";
import { prisma } from "@/lib/server/prisma";
import { MAX_KNOWN_SPEAKERS } from "@/lib/speech/openai";
import type { KnownSpeaker } from "@/lib/speech/types";
import { storage, withScratchDir } from "@/lib/storage/storage";
import { mediaFolder } from "@/lib/tasks/task-files";

/**
 * The owner's known speakers for a diarizing speech API: up to 4 profiles
 * (most recently strengthened first), each with a 2–10 s reference clip cut
 * from a recording it was enrolled from, as a WAV data URL. The clips are cut
 * when needed and never stored, so deleting a profile leaves nothing behind.
 * Pro owners only; a profile whose recordings are gone is left out.
 */
export async function knownSpeakersFor(userId: string): Promise<KnownSpeaker[]> {
  try {
    const user = await prisma.user.findUnique({ where: { id: userId }, select: { planCode: true } });
    if (!user || !hasProFeatures(user.planCode)) return [];
    const profiles = await prisma.voiceProfile.findMany({
      where: { userId },
      orderBy: { updatedAt: "desc" },
      select: {
        name: true,
        embeddings: {
          where: { refStart: { not: null }, refEnd: { not: null }, task: { userId, deletedAt: null } },
          orderBy: { speechSec: "desc" },
          take: 1,
          select: { taskId: true, refStart: true, refEnd: true },
        },
      },
    });
    const out: KnownSpeaker[] = [];
    for (const p of profiles) {
      const e = p.embeddings[0];
      if (!e?.taskId || e.refStart === null || e.refEnd === null) continue;
      const reference = await clipDataUrl(userId, e.taskId, e.refStart, e.refEnd).catch(() => null);
      if (reference) out.push({ name: p.name, reference });
      if (out.length === MAX_KNOWN_SPEAKERS) break;
    }
    return out;
  } catch (e) {
    // Known speakers only help the provider: without them it labels speakers A, B, …
    logger.warn("known speakers unavailable", { userId, error: e instanceof Error ? e.message : String(e) });
    return [];
  }
}

/** Seconds [start, end) of a task's 16 kHz mono normalized.wav as a data:audio/wav URL. */
async function clipDataUrl(userId: string, taskId: string, start: number, end: number): Promise<string> {
  return withScratchDir("voices", async (dir) => {
    const wav = await storage().fetchToFile(`${mediaFolder(userId, taskId)}/normalized.wav`, path.join(dir, "normalized.wav"));
    const info = await readWavInfo(wav);
    const bytesPerSec = info.sampleRate * 2 * info.channels;
    const from = info.dataOffset + Math.floor(start * info.sampleRate) * 2 * info.channels;
    const length = Math.min(Math.floor((end - start) * bytesPerSec), info.dataOffset + info.dataBytes - from);
    const fh = await fsp.open(wav, "r");
    try {
      const data = Buffer.alloc(Math.max(0, length - (length % (2 * info.channels))));
      await fh.read(data, 0, data.length, from);
      return `data:audio/wav;base64,${Buffer.concat([wavHeader(data.length, info.sampleRate, info.channels), data]).toString("base64")}`;
    } finally {
      await fh.close();
    }
  });
}
