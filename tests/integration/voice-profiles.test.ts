import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { GET as listProfiles } from "@/app/api/voice-profiles/route";
import { DELETE as deleteProfile, PUT as renameProfile } from "@/app/api/voice-profiles/[id]/route";
import { POST as mergeProfile } from "@/app/api/voice-profiles/[id]/merge/route";
import { POST as rememberVoice } from "@/app/api/transcription/[id]/remember-voice/route";
import { POST as voiceMatch } from "@/app/api/transcription/[id]/voice-match/route";
import { PUT as editSpeakerNames } from "@/app/api/transcription/[id]/edit-speaker-names/route";
import { prisma } from "@/lib/server/prisma";
import { storage } from "@/lib/storage/storage";
import { runTranscription } from "@/lib/tasks/pipeline";
import { mediaFolder } from "@/lib/tasks/task-files";
import { applyVoiceProfiles } from "@/lib/voice-profiles/apply";
import { voiceProfileNamesForMcp } from "@/lib/voice-profiles/mcp";
import { call } from "@/tests/helpers/api";
import { setupTestDatabase } from "@/tests/helpers/db";
import { signIn } from "@/tests/helpers/users";
import { LJ, LV, seedVoiceRecording } from "@/tests/helpers/voice-recordings";

// Voice profiles end to end through the routes, on recordings built from corpus
// clips whose speakers are known: LJSpeech's reader (LJ001-*) and the LibriVox
// reader of Sense and Sensibility (ss01_*) each appear in several clips.
jest.setTimeout(120_000);

let work: string;
let user: Awaited<ReturnType<typeof signIn>>;

type SpeakerJson = { id: string; name: string; voiceMatch: { state: string; confidence: number } | null };
type TaskJson = { speakers: SpeakerJson[] };

const recording = (title: string, clips: string[], speakers: number[]) => seedVoiceRecording(user.userId, work, title, clips, speakers);

const task = (id: string) => prisma.task.findUniqueOrThrow({ where: { id }, select: { speakers: { select: { id: true, name: true, profileId: true, profileState: true, profileConfidence: true } } } });

/**
 * Puts a seeded recording back in the queue with its transcription step done
 * (segments.json stored from its timeline), so the pipeline runs only the
 * speaker step: a re-detection when `finished`, else a new transcript's last step.
 */
async function queueWithTranscribedText(taskId: string, { finished }: { finished: boolean }) {
  const folder = mediaFolder(user.userId, taskId);
  const entries = await prisma.timelineEntry.findMany({ where: { taskId }, orderBy: { position: "asc" }, select: { begin: true, end: true, text: true } });
  const segments = path.join(work, `${taskId}-segments.json`);
  await fsp.writeFile(segments, JSON.stringify({ language: "en", segments: entries }));
  await storage().putFile(`${folder}/segments.json`, segments, "application/json");
  await prisma.mediaPart.create({ data: { taskId, position: 0, storageKey: `${folder}/normalized.wav`, originalName: "voice.wav", size: 1, mime: "audio/wav", kind: "audio", duration: 10 } });
  await prisma.task.update({ where: { id: taskId }, data: { status: "queued", transcriptionTime: finished ? new Date() : null, completedSteps: ["prepare", "transcribe"], speakerCount: 1 } });
}

/** applyVoiceProfiles, noting the task's status at the moment the names are given. */
const namedWhile =
  (statuses: string[]) =>
  async (id: string, wav?: string): Promise<unknown> => {
    statuses.push((await prisma.task.findUniqueOrThrow({ where: { id }, select: { status: true } })).status);
    return applyVoiceProfiles(id, wav);
  };

beforeAll(async () => {
  await setupTestDatabase();
  work = await fsp.mkdtemp(path.join(os.tmpdir(), "voice-profiles-"));
  user = await signIn("voices");
});
afterAll(() => fsp.rm(work, { recursive: true, force: true }));

test("remembering a voice is Pro only, through the one plan check", async () => {
  const a = await recording("free", [LJ[0]!, LV[0]!], [0, 1]);
  const res = await call(rememberVoice, { token: user.token, params: { id: a.id }, json: { speakerId: a.speaker(0) } });
  expect(res.code).toBe(403);
  expect(res.data).toMatchObject({ error: "voiceProfiles.proRequired" });
  expect((await call(listProfiles, { token: user.token })).code).toBe(403);
  expect(await prisma.voiceProfile.count({ where: { userId: user.userId } })).toBe(0);
  await prisma.user.update({ where: { id: user.userId }, data: { planCode: "pro" } });
});

test("enrol from one recording, recognise the same reader in another made of different clips, confirm, merge, delete", async () => {
  // Enrol: recording 1 has LJ then LV; the owner names LJ's speaker "Linda" and remembers the voice.
  const one = await recording("one", [LJ[0]!, LV[0]!], [0, 1]);
  // A default name names nobody: the speaker needs a name first.
  const unnamed = await call(rememberVoice, { token: user.token, params: { id: one.id }, json: { speakerId: one.speaker(1) } });
  expect(unnamed.data).toMatchObject({ error: "voiceProfiles.nameRequired" });
  await call(editSpeakerNames, { token: user.token, params: { id: one.id }, json: { speakers: [{ id: one.speaker(0), name: "Linda" }] } });
  const enrolled = await call<{ profile: { id: string; name: string }; task: TaskJson }>(rememberVoice, { token: user.token, params: { id: one.id }, json: { speakerId: one.speaker(0) } });
  expect(enrolled.code).toBe(200);
  expect(enrolled.data.profile.name).toBe("Linda");
  expect(enrolled.data.task.speakers.find((s) => s.id === one.speaker(0))!.voiceMatch).toEqual({ state: "confirmed", confidence: 1 });
  const linda = enrolled.data.profile.id;
  const stored = await prisma.voiceEmbedding.findMany({ where: { profileId: linda } });
  expect(stored).toHaveLength(1);
  // 19 means + 190 covariance terms + the frame count; at least the clip's voiced seconds.
  expect(stored[0]!.vector).toHaveLength(210);
  expect(stored[0]!.speechSec).toBeGreaterThan(4);

  // Recognise: recording 2 has other clips, LV first then LJ. Only LJ's speaker is named, as a suggestion.
  const two = await recording("two", [LV[1]!, LJ[1]!], [0, 1]);
  expect(await applyVoiceProfiles(two.id)).toEqual({ suggested: 1 });
  const after = await task(two.id);
  const lj = after.speakers.find((s) => s.id === two.speaker(1))!;
  expect(lj).toMatchObject({ name: "Linda", profileId: linda, profileState: "suggested" });
  expect(lj.profileConfidence!).toBeGreaterThan(0.5);
  expect(after.speakers.find((s) => s.id === two.speaker(0))).toMatchObject({ name: "Speaker 1", profileId: null });

  // Confirming strengthens the profile with this recording's voice.
  const confirmed = await call<TaskJson>(voiceMatch, { token: user.token, params: { id: two.id }, json: { speakerId: two.speaker(1), action: "confirm" } });
  expect(confirmed.data.speakers.find((s) => s.id === two.speaker(1))!.voiceMatch!.state).toBe("confirmed");
  expect(await prisma.voiceEmbedding.count({ where: { profileId: linda } })).toBe(2);

  // Undo on a third recording: the default name comes back and the pair is not suggested again.
  const three = await recording("three", [LJ[2]!, LV[2]!], [0, 1]);
  await applyVoiceProfiles(three.id);
  expect((await task(three.id)).speakers.find((s) => s.id === three.speaker(0))).toMatchObject({ name: "Linda", profileState: "suggested" });
  const undone = await call<TaskJson>(voiceMatch, { token: user.token, params: { id: three.id }, json: { speakerId: three.speaker(0), action: "undo" } });
  expect(undone.data.speakers.find((s) => s.id === three.speaker(0))).toMatchObject({ name: "Speaker 1", voiceMatch: null });
  expect(await applyVoiceProfiles(three.id)).toEqual({ suggested: 0 });

  // A second profile for LV ("Lena"), renamed, then merged into Linda: its samples and recordings move over.
  await call(editSpeakerNames, { token: user.token, params: { id: one.id }, json: { speakers: [{ id: one.speaker(1), name: "Lena" }] } });
  const lena = (await call<{ profile: { id: string } }>(rememberVoice, { token: user.token, params: { id: one.id }, json: { speakerId: one.speaker(1) } })).data.profile.id;
  const taken = await call(renameProfile, { token: user.token, params: { id: lena }, json: { name: "Linda" } });
  expect(taken.data).toMatchObject({ error: "voiceProfiles.nameTaken" });
  const renamed = await call<{ items: { id: string; name: string }[] }>(renameProfile, { token: user.token, params: { id: lena }, json: { name: "Lena B." } });
  expect(renamed.data.items.map((p) => p.name).sort()).toEqual(["Lena B.", "Linda"]);
  expect((await task(one.id)).speakers.find((s) => s.id === one.speaker(1))!.name).toBe("Lena B.");
  const merged = await call<{ items: { id: string; name: string; samples: number; recordings: { id: string }[] }[] }>(mergeProfile, { token: user.token, params: { id: lena }, json: { intoId: linda } });
  expect(merged.data.items).toHaveLength(1);
  expect(merged.data.items[0]).toMatchObject({ id: linda, name: "Linda", samples: 3 });
  expect(merged.data.items[0]!.recordings.map((r) => r.id).sort()).toEqual([one.id, two.id].sort());
  expect(await prisma.voiceProfile.count({ where: { id: lena } })).toBe(0);

  // MCP lists names only.
  const mcp = await voiceProfileNamesForMcp(user.userId);
  expect(mcp).toEqual({ profiles: [{ name: "Linda", recordings: 2 }] });

  // Delete: the profile, every embedding row and every link from a speaker are gone; names stay.
  const del = await call(deleteProfile, { token: user.token, params: { id: linda } });
  expect(del.code).toBe(200);
  expect(await prisma.voiceProfile.count({ where: { userId: user.userId } })).toBe(0);
  expect(await prisma.voiceEmbedding.count({ where: { profileId: linda } })).toBe(0);
  expect(await prisma.speaker.count({ where: { profileId: linda } })).toBe(0);
  expect(await prisma.speaker.count({ where: { task: { userId: user.userId }, profileState: { not: null } } })).toBe(0);
  expect((await task(two.id)).speakers.find((s) => s.id === two.speaker(1))!.name).toBe("Linda");
});

test("re-detecting the speakers of a finished transcript applies the profiles", async () => {
  const statusWhenNamed: string[] = [];
  // Rita is the LibriVox reader, remembered from one clip.
  const enrol = await recording("rita", [LV[0]!], [0]);
  await call(editSpeakerNames, { token: user.token, params: { id: enrol.id }, json: { speakers: [{ id: enrol.speaker(0), name: "Rita" }] } });
  expect((await call(rememberVoice, { token: user.token, params: { id: enrol.id }, json: { speakerId: enrol.speaker(0) } })).code).toBe(200);

  // A finished transcript of two other clips of hers, whose speakers are detected again (one speaker, as the owner says).
  const later = await recording("rita-later", [LV[1]!, LV[2]!], [0, 0]);
  await queueWithTranscribedText(later.id, { finished: true });
  await runTranscription(later.id, { locale: "en", nameSpeakers: namedWhile(statusWhenNamed) });
  // Named while the task still waited on its speakers, so the transcript reloaded when it rests has the name.
  expect(statusWhenNamed).toEqual(["queued"]);
  const after = await prisma.task.findUniqueOrThrow({ where: { id: later.id }, select: { status: true, speakerSource: true, speakers: { select: { name: true, profileState: true, profileConfidence: true } } } });
  expect(after.status).toBe("completed");
  expect(after.speakerSource).toBe("ours");
  expect(after.speakers).toHaveLength(1);
  expect(after.speakers[0]).toMatchObject({ name: "Rita", profileState: "suggested" });
  expect(after.speakers[0]!.profileConfidence!).toBeGreaterThan(0.5);
});

test("a new transcript is named after the profiles before it shows as completed", async () => {
  // Rita (remembered above) reads a new recording; the task may show as completed only once her name is on it,
  // since a transcript opened at that moment keeps the speakers it loaded.
  const fresh = await recording("rita-fresh", [LV[2]!, LV[0]!], [0, 0]);
  await queueWithTranscribedText(fresh.id, { finished: false });
  const statusWhenNamed: string[] = [];
  await runTranscription(fresh.id, { locale: "en", nameSpeakers: namedWhile(statusWhenNamed) });
  expect(statusWhenNamed).toEqual(["queued"]);
  const after = await prisma.task.findUniqueOrThrow({ where: { id: fresh.id }, select: { status: true, transcriptionTime: true, speakers: { select: { name: true, profileState: true } } } });
  expect(after.status).toBe("completed");
  expect(after.transcriptionTime).not.toBeNull();
  expect(after.speakers).toEqual([{ name: "Rita", profileState: "suggested" }]);
});

test("deleting the account deletes every profile and embedding", async () => {
  const other = await signIn("voices-leaving");
  await prisma.user.update({ where: { id: other.userId }, data: { planCode: "pro" } });
  const p = await prisma.voiceProfile.create({ data: { userId: other.userId, name: "Max", embeddings: { create: [{ version: "v", vector: [1, 2], speechSec: 3 }] } }, select: { id: true } });
  await prisma.user.delete({ where: { id: other.userId } });
  expect(await prisma.voiceProfile.count({ where: { id: p.id } })).toBe(0);
  expect(await prisma.voiceEmbedding.count({ where: { profileId: p.id } })).toBe(0);
});
