import { PUT as entrySpeaker } from "@/app/api/transcription/[id]/entry-speaker/route";
import { POST as mergeSpeakers } from "@/app/api/transcription/[id]/merge-speakers/route";
import { prisma } from "@/lib/server/prisma";
import { call } from "@/tests/helpers/api";
import { setupTestDatabase } from "@/tests/helpers/db";
import { MEETING, seedTranscribedTask } from "@/tests/helpers/tasks";
import { signIn } from "@/tests/helpers/users";

// The owner correcting the separation: a line given to another speaker or a new
// one, two speakers made one. Times, text and the translations' lines follow.
jest.setTimeout(60_000);

type TaskJson = { speakers: { id: string; name: string }[]; timeline: { index: number; begin: number; end: number; text: string; speakerId: string | null }[] };

let owner: Awaited<ReturnType<typeof signIn>>;
let stranger: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  await setupTestDatabase();
  owner = await signIn("speaker-edits-owner");
  stranger = await signIn("speaker-edits-stranger");
});

const speakersOf = (taskId: string) => prisma.speaker.findMany({ where: { taskId }, orderBy: { position: "asc" }, select: { id: true, name: true, label: true } });
const lineSpeakers = async (taskId: string) => (await prisma.timelineEntry.findMany({ where: { taskId }, orderBy: { position: "asc" }, select: { speakerId: true } })).map((e) => e.speakerId);

async function withTranslation(taskId: string) {
  const entries = await prisma.timelineEntry.findMany({ where: { taskId }, orderBy: { position: "asc" } });
  const timeline = entries.map((e) => ({ index: e.position, begin: e.begin, end: e.end, text: `(de) ${e.text}`, speakerId: e.speakerId }));
  await prisma.translation.create({ data: { taskId, targetLanguage: "de", status: "translation_completed", timeline } });
}
const translatedSpeakers = async (taskId: string) => {
  const tr = await prisma.translation.findFirstOrThrow({ where: { taskId } });
  return (tr.timeline as { speakerId: string | null }[]).map((l) => l.speakerId);
};

describe("a line given to another speaker", () => {
  it("moves only that line, keeps its text and times, and the translation follows", async () => {
    const taskId = await seedTranscribedTask(owner.userId, "Launch review", MEETING);
    await withTranslation(taskId);
    const [s1, s2] = await speakersOf(taskId);
    const before = await prisma.timelineEntry.findUniqueOrThrow({ where: { taskId_position: { taskId, position: 1 } } });
    expect(before.speakerId).toBe(s2!.id);

    const res = await call<TaskJson>(entrySpeaker, { method: "PUT", token: owner.token, params: { id: taskId }, json: { index: 1, speakerId: s1!.id } });
    expect(res.code).toBe(200);
    const line = res.data.timeline.find((e) => e.index === 1)!;
    expect(line).toMatchObject({ speakerId: s1!.id, begin: before.begin, end: before.end, text: before.text });
    const [, , s3] = await speakersOf(taskId);
    const seeded = [s1!.id, s2!.id, s3!.id];
    const lines = await lineSpeakers(taskId);
    // That line moved, every other line kept its speaker.
    expect(lines).toEqual(MEETING.map((l, i) => (i === 1 ? s1!.id : seeded[l.speaker])));
    expect((await translatedSpeakers(taskId))[1]).toBe(s1!.id);
    expect(await translatedSpeakers(taskId)).toEqual(lines);
  });

  it("to a new speaker: named with the next number, last in the list", async () => {
    const taskId = await seedTranscribedTask(owner.userId, "New voice", MEETING);
    const res = await call<TaskJson>(entrySpeaker, { method: "PUT", token: owner.token, params: { id: taskId }, json: { index: 4, speakerId: "new" }, headers: { "x-locale": "de" } });
    expect(res.code).toBe(200);
    const speakers = await speakersOf(taskId);
    expect(speakers.map((s) => s.name)).toEqual(["Speaker 1", "Speaker 2", "Speaker 3", "Sprecher 4"]);
    expect((await lineSpeakers(taskId))[4]).toBe(speakers[3]!.id);
    // A second new speaker gets a label of its own.
    await call(entrySpeaker, { method: "PUT", token: owner.token, params: { id: taskId }, json: { index: 6, speakerId: "new" } });
    const after = await speakersOf(taskId);
    expect(after.map((s) => s.name)).toEqual(["Speaker 1", "Speaker 2", "Speaker 3", "Sprecher 4", "Speaker 5"]);
    expect(new Set(after.map((s) => s.label)).size).toBe(5);
  });

  it("removes a speaker left without lines (the separation invented it)", async () => {
    const taskId = await seedTranscribedTask(owner.userId, "Invented", [
      { speaker: 0, at: 0, text: "We start with the budget." },
      { speaker: 1, at: 5, text: "And then the hiring plan." },
      { speaker: 0, at: 10, text: "Agreed, budget first." },
    ]);
    const [s1, s2] = await speakersOf(taskId);
    const res = await call<TaskJson>(entrySpeaker, { method: "PUT", token: owner.token, params: { id: taskId }, json: { index: 1, speakerId: s1!.id } });
    expect(res.data.speakers.map((s) => s.id)).toEqual([s1!.id]);
    expect(await prisma.speaker.count({ where: { id: s2!.id } })).toBe(0);
  });

  it("refuses what cannot be: another task's speaker, a missing line, a running transcription, a stranger", async () => {
    const taskId = await seedTranscribedTask(owner.userId, "Guarded", MEETING);
    const otherTask = await seedTranscribedTask(owner.userId, "Other", MEETING);
    const [foreign] = await speakersOf(otherTask);
    const [s1] = await speakersOf(taskId);
    const lines = await lineSpeakers(taskId);

    const wrongSpeaker = await call(entrySpeaker, { method: "PUT", token: owner.token, params: { id: taskId }, json: { index: 1, speakerId: foreign!.id } });
    expect([wrongSpeaker.code, wrongSpeaker.message]).toEqual([404, "This speaker is no longer in the transcript; reload it"]);
    const noLine = await call(entrySpeaker, { method: "PUT", token: owner.token, params: { id: taskId }, json: { index: 99, speakerId: s1!.id }, headers: { "x-locale": "zh" } });
    expect([noLine.code, noLine.message]).toEqual([404, "这一行已不在转写中，请刷新"]);
    const badBody = await call(entrySpeaker, { method: "PUT", token: owner.token, params: { id: taskId }, json: { index: -1, speakerId: s1!.id } });
    expect(badBody.code).toBe(400);
    const byStranger = await call(entrySpeaker, { method: "PUT", token: stranger.token, params: { id: taskId }, json: { index: 1, speakerId: s1!.id } });
    expect(byStranger.code).toBe(404);
    const running = await seedTranscribedTask(owner.userId, "Running", MEETING, "transcribing");
    const [r1] = await speakersOf(running);
    const whileRunning = await call(entrySpeaker, { method: "PUT", token: owner.token, params: { id: running }, json: { index: 1, speakerId: r1!.id } });
    expect(whileRunning.code).toBe(409);
    expect(await lineSpeakers(taskId)).toEqual(lines);
  });
});

describe("two speakers made one", () => {
  it("gives all of one speaker's lines to the other, removes it, and the translation follows", async () => {
    const taskId = await seedTranscribedTask(owner.userId, "Split voice", MEETING);
    await withTranslation(taskId);
    const [s1, s2, s3] = await speakersOf(taskId);
    const res = await call<TaskJson>(mergeSpeakers, { token: owner.token, params: { id: taskId }, json: { speakerId: s3!.id, intoSpeakerId: s1!.id } });
    expect(res.code).toBe(200);
    expect(res.data.speakers.map((s) => s.name)).toEqual(["Speaker 1", "Speaker 2"]);
    const expected = MEETING.map((l) => (l.speaker === 1 ? s2!.id : s1!.id));
    expect(await lineSpeakers(taskId)).toEqual(expected);
    expect(await translatedSpeakers(taskId)).toEqual(expected);
    expect(res.data.timeline.map((e) => e.text)).toEqual(MEETING.map((l) => l.text));
  });

  it("keeps a voice-profile match when the speaker kept had none", async () => {
    const taskId = await seedTranscribedTask(owner.userId, "Profile carried", MEETING);
    const [s1, s2] = await speakersOf(taskId);
    const profile = await prisma.voiceProfile.create({ data: { userId: owner.userId, name: "Anna" }, select: { id: true } });
    await prisma.speaker.update({ where: { id: s2!.id }, data: { profileId: profile.id, profileState: "confirmed", profileConfidence: 0.9 } });
    await call(mergeSpeakers, { token: owner.token, params: { id: taskId }, json: { speakerId: s2!.id, intoSpeakerId: s1!.id } });
    const kept = await prisma.speaker.findUniqueOrThrow({ where: { id: s1!.id } });
    expect([kept.profileId, kept.profileState]).toEqual([profile.id, "confirmed"]);
  });

  it("refuses a speaker merged with itself, or with another task's speaker, and a stranger", async () => {
    const taskId = await seedTranscribedTask(owner.userId, "Merge guarded", MEETING);
    const otherTask = await seedTranscribedTask(owner.userId, "Merge other", MEETING);
    const [s1] = await speakersOf(taskId);
    const [foreign] = await speakersOf(otherTask);
    const self = await call(mergeSpeakers, { token: owner.token, params: { id: taskId }, json: { speakerId: s1!.id, intoSpeakerId: s1!.id } });
    expect([self.code, self.message]).toEqual([400, "Pick another speaker to merge with"]);
    const across = await call(mergeSpeakers, { token: owner.token, params: { id: taskId }, json: { speakerId: foreign!.id, intoSpeakerId: s1!.id } });
    expect(across.code).toBe(404);
    const byStranger = await call(mergeSpeakers, { token: stranger.token, params: { id: otherTask }, json: { speakerId: foreign!.id, intoSpeakerId: (await speakersOf(otherTask))[1]!.id } });
    expect(byStranger.code).toBe(404);
    expect(await prisma.speaker.count({ where: { taskId: otherTask } })).toBe(3);
  });
});
