import "server-only";
import fsp from "node:fs/promises";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { setTimeout as sleep } from "node:timers/promises";
import { logger } from "@/lib/server/logger";
import { prisma } from "@/lib/server/prisma";
import { speechEngine } from "@/lib/speech/engine";
import { storage, withScratchDir } from "@/lib/storage/storage";
import { engineLanguageOf } from "@/lib/tasks/spoken-language";
import { chunkKey, ensureChunkState } from "./chunk-state";
import { decodeProgressOf, saveDecodeProgress } from "./decode-progress";
import { LiveDecoder, type UtteranceTranscriber } from "./engine/live-decoder";
import { wavHeader } from "./wav";
import { publishLive, publishSegments, subscribeLive } from "./live-events";
import type { LiveSegment } from "./live.types";

// The worker's "live.decode" job: hears one session's chunks in seq order as they are stored,
// as fast as it can (so it catches up after falling behind; no chunk is ever skipped), and
// publishes the live text and the status. Its progress is in Redis: a restarted worker hears
// the open utterance again from its start and goes on.

/** A session with no new chunk this long has its decoder stopped; the next chunk starts it again. */
const IDLE_STOP_MS = 5 * 60_000;
const WAIT_MS = 1_000;
const STATUS_EVERY_SEC = 1;

/** The speech service's transcriber when one is configured; null with the embedded engine. */
function serviceTranscriber(language: string): UtteranceTranscriber | null {
  const engine = speechEngine();
  if (engine.embedded) return null;
  return (pcm) =>
    withScratchDir("live", async (dir) => {
      const file = path.join(dir, "utterance.wav");
      await fsp.writeFile(file, Buffer.concat([wavHeader(pcm.length), pcm]));
      const result = await engine.transcribe(file, { language: engineLanguageOf(language) });
      return result.segments.map((s) => s.text).join(" ");
    });
}

async function publish(sessionId: string, segments: LiveSegment[]) {
  if (segments.length) await publishSegments(sessionId, segments);
}

export async function runLiveDecoding(sessionId: string, signal: AbortSignal): Promise<{ decodedSec: number; segments: number } | { skipped: string }> {
  const session = await prisma.liveSession.findUnique({ where: { id: sessionId }, select: { userId: true, chunkSeconds: true, spokenLanguage: true, state: true } });
  if (!session) return { skipped: "deleted" };
  const progress = await decodeProgressOf(sessionId);
  const resumeSec = progress.openFromSec >= 0 ? progress.openFromSec : progress.decodedSec;
  let seq = Math.round(resumeSec / session.chunkSeconds);
  const service = serviceTranscriber(session.spokenLanguage);
  // The embedded engine hears English only: other languages get no partial words.
  const decoder = new LiveDecoder({ firstSegment: progress.finals, startSec: seq * session.chunkSeconds, service, partials: !service || session.spokenLanguage === "en" });
  let wake: (() => void) | null = null;
  const stopListening = await subscribeLive(sessionId, (m) => {
    if (m.event === "status") wake?.();
  });
  let lastChunkAt = Date.now();
  let lastStatusSec = -1;
  try {
    while (!signal.aborted) {
      const tally = await ensureChunkState(session.userId, sessionId);
      if (seq <= tally.contiguous) {
        let pcm: Buffer;
        try {
          pcm = await buffer(await storage().openRead(chunkKey(session.userId, sessionId, seq)));
        } catch {
          break; // finished (the chunks now live in the task's WAV) or discarded
        }
        await publish(sessionId, await decoder.feed(pcm));
        seq++;
        lastChunkAt = Date.now();
        await saveDecodeProgress(sessionId, { decodedSec: decoder.decodedSec, openFromSec: decoder.openFromSec ?? -1, finals: decoder.segmentsMade });
        if (decoder.decodedSec - lastStatusSec >= STATUS_EVERY_SEC || seq > tally.contiguous) {
          lastStatusSec = decoder.decodedSec;
          const durationSec = tally.bytes / 32000;
          await publishLive(sessionId, "status", { receivedSeq: tally.contiguous, durationSec, decodedSec: decoder.decodedSec, behindSec: Math.max(0, durationSec - decoder.decodedSec), state: "recording" });
        }
        continue;
      }
      const row = await prisma.liveSession.findUnique({ where: { id: sessionId }, select: { state: true } });
      if (!row || row.state === "ended" || Date.now() - lastChunkAt > IDLE_STOP_MS) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
        void sleep(WAIT_MS, undefined, { signal }).catch(() => undefined).then(resolve);
      });
      wake = null;
    }
    if (!signal.aborted) {
      const row = await prisma.liveSession.findUnique({ where: { id: sessionId }, select: { state: true } });
      // Only a recording that has ended closes its open utterance; an idle stop keeps it open for the next start.
      if (!row || row.state === "ended") await publish(sessionId, await decoder.flush());
      await saveDecodeProgress(sessionId, { decodedSec: decoder.decodedSec, openFromSec: decoder.openFromSec ?? -1, finals: decoder.segmentsMade });
    }
    return { decodedSec: decoder.decodedSec, segments: decoder.segmentsMade };
  } catch (e) {
    logger.warn("live decoding stopped", { sessionId, error: e instanceof Error ? e.message : String(e) });
    throw e;
  } finally {
    decoder.close();
    await stopListening();
  }
}
