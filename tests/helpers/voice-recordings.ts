// Test-only: finished tasks whose audio is corpus clips joined end to end, one timeline entry (and one known
// speaker) per clip, with normalized.wav in storage as the pipeline leaves it; for voice-profile tests.
import path from "node:path";
import { concatToWav, normalizeToWav } from "@/lib/media/ffmpeg";
import { readWavInfo } from "@/lib/media/wav";
import { prisma } from "@/lib/server/prisma";
import { storage } from "@/lib/storage/storage";
import { mediaFolder } from "@/lib/tasks/task-files";

export const SINGLE_CLIPS = path.resolve(process.cwd(), "../shared/corpus/single");
/** LJSpeech's reader and the LibriVox reader of Sense and Sensibility: several clips each. */
export const LJ = ["en_LJ001-0001.wav", "en_LJ001-0003.wav", "en_LJ001-0005.wav"];
export const LV = ["en_librivox_ss01_0870.wav", "en_librivox_ss01_0890.wav", "en_librivox_ss01_0920.wav"];

/** Joins the clips (16 kHz mono) into `out`; returns each clip's normalised copy and length in seconds. */
export async function joinClips(work: string, name: string, clips: string[], out: string) {
  const parts = await Promise.all(
    clips.map(async (c, i) => {
      const p = path.join(work, `${name}-${i}.wav`);
      await normalizeToWav(path.join(SINGLE_CLIPS, c), p);
      return p;
    }),
  );
  await concatToWav(parts, out);
  return { parts, lengths: await Promise.all(parts.map(async (p) => (await readWavInfo(p)).durationSec)) };
}

/** A completed task of `userId` made of `clips`; clip i is spoken by speaker `speakers[i]` ("Speaker n+1"). */
export async function seedVoiceRecording(userId: string, work: string, title: string, clips: string[], speakers: number[]) {
  const wav = path.join(work, `${title}.wav`);
  const { lengths } = await joinClips(work, title, clips, wav);
  const task = await prisma.task.create({ data: { userId, title, status: "completed", source: "upload", duration: lengths.reduce((a, b) => a + b), fullText: "x", language: "en" }, select: { id: true } });
  const ids = new Map<number, string>();
  for (const n of [...new Set(speakers)]) ids.set(n, (await prisma.speaker.create({ data: { taskId: task.id, label: `spk_${n}`, name: `Speaker ${n + 1}`, position: n }, select: { id: true } })).id);
  let at = 0;
  await prisma.timelineEntry.createMany({
    data: lengths.map((len, i) => {
      const e = { taskId: task.id, position: i, begin: Math.round(at * 1000), end: Math.round((at + len) * 1000), text: `clip ${i}`, speakerId: ids.get(speakers[i]!)! };
      at += len;
      return e;
    }),
  });
  await storage().putFile(`${mediaFolder(userId, task.id)}/normalized.wav`, wav, "audio/wav");
  return { id: task.id, speaker: (n: number) => ids.get(n)! };
}
