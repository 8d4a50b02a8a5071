import { SPEECH_PORT } from "./voice-profiles-provider.env";
import { execFile } from "node:child_process";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { POST as create } from "@/app/api/transcription/create/route";
import { POST as rememberVoice } from "@/app/api/transcription/[id]/remember-voice/route";
import { PUT as editSpeakerNames } from "@/app/api/transcription/[id]/edit-speaker-names/route";
import { normalizeToWav } from "@/lib/media/ffmpeg";
import { readWavInfo } from "@/lib/media/wav";
import { prisma } from "@/lib/server/prisma";
import { openAiEngine } from "@/lib/speech/openai";
import { runTranscription } from "@/lib/tasks/pipeline";
import { applyVoiceProfiles } from "@/lib/voice-profiles/apply";
import { knownSpeakersFor } from "@/lib/voice-profiles/references";
import { call, formWithFiles } from "@/tests/helpers/api";
import { setupTestDatabase } from "@/tests/helpers/db";
import { startDiarizingSpeech, type DiarizingRequest, type DiarizingSpeech } from "@/tests/helpers/diarizing-speech";
import { signIn } from "@/tests/helpers/users";
import { joinClips, LJ, LV, seedVoiceRecording, SINGLE_CLIPS } from "@/tests/helpers/voice-recordings";

const execFileAsync = promisify(execFile);

// The speech API's own speakers: with SPEECH_MODEL=gpt-4o-transcribe-diarize the engine asks for
// diarized_json, sends the owner's voice profiles as known_speaker_names[] and
// known_speaker_references[] (WAV data URLs of 2-10 s), and the pipeline takes the segments'
// speakers instead of running our own separation. The server on loopback parses the multipart body
// as OpenAI does, and tells which reference clip is whose by finding its samples in the corpus clips.
jest.setTimeout(180_000);

let speech: DiarizingSpeech;
let work: string;
let user: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  await setupTestDatabase();
  speech = await startDiarizingSpeech(SPEECH_PORT);
  work = await fsp.mkdtemp(path.join(os.tmpdir(), "voice-provider-"));
  user = await signIn("voices-provider");
  await prisma.user.update({ where: { id: user.userId }, data: { planCode: "pro" } });
});
afterAll(async () => {
  await speech?.close();
  await fsp.rm(work, { recursive: true, force: true });
});

/** The WAV inside a data URL: its samples, and its length in seconds. */
async function referenceAudio(dataUrl: string) {
  expect(dataUrl.startsWith("data:audio/wav;base64,")).toBe(true);
  const file = path.join(work, `ref-${Math.random().toString(36).slice(2)}.wav`);
  const bytes = Buffer.from(dataUrl.slice("data:audio/wav;base64,".length), "base64");
  await fsp.writeFile(file, bytes);
  const info = await readWavInfo(file);
  return { samples: bytes.subarray(info.dataOffset, info.dataOffset + info.dataBytes), seconds: info.durationSec };
}

test("the engine asks for diarized_json with known speakers and keeps each segment's speaker", async () => {
  const wav = path.join(work, "engine.wav");
  const { lengths } = await joinClips(work, "engine", [LJ[0]!, LV[0]!], wav);
  speech.answer = () => [
    { start: 0, end: lengths[0]!, text: "Printing, in the only sense", speaker: "A" },
    { start: lengths[0]!, end: lengths[0]! + lengths[1]!, text: "and mister john dashwood", speaker: "B" },
  ];
  const engine = openAiEngine({ baseURL: speech.url, apiKey: "sk-loopback", model: "gpt-4o-transcribe-diarize", maxRetries: 0 });
  expect(engine.diarizes).toBe(true);
  const result = await engine.transcribe(wav, { language: "en", hotwords: ["Dashwood"], knownSpeakers: [{ name: "Anna", reference: "data:audio/wav;base64,UklGRg==" }] });
  const sent = speech.requests.at(-1)!.fields;
  expect(sent).toMatchObject({ model: "gpt-4o-transcribe-diarize", response_format: "diarized_json", chunking_strategy: "auto", language: "en", "known_speaker_names[]": ["Anna"], "known_speaker_references[]": ["data:audio/wav;base64,UklGRg=="] });
  // Diarizing models take no prompt, and no timestamp granularities.
  expect(Object.keys(sent).sort()).toEqual(["chunking_strategy", "known_speaker_names[]", "known_speaker_references[]", "language", "model", "response_format"]);
  expect(result.segments.map((s) => [s.speaker, s.begin, s.end])).toEqual([
    ["A", 0, Math.round(lengths[0]! * 1000)],
    ["B", Math.round(lengths[0]! * 1000), Math.round((lengths[0]! + lengths[1]!) * 1000)],
  ]);
});

test("an upload is separated by the provider, which names the owner's profiles from their reference clips", async () => {
  // Enrol Linda (LJSpeech's reader) and Lena (the LibriVox reader) from a first recording.
  const one = await seedVoiceRecording(user.userId, work, "enrol", [LJ[0]!, LV[0]!], [0, 1]);
  await call(editSpeakerNames, { token: user.token, params: { id: one.id }, json: { speakers: [{ id: one.speaker(0), name: "Linda" }, { id: one.speaker(1), name: "Lena" }] } });
  for (const n of [0, 1]) expect((await call(rememberVoice, { token: user.token, params: { id: one.id }, json: { speakerId: one.speaker(n) } })).code).toBe(200);

  // The second recording: other clips, LibriVox first.
  const upload = path.join(work, "upload.wav");
  const { parts, lengths } = await joinClips(work, "upload", [LV[1]!, LJ[1]!], upload);
  const voices = { Linda: await fsp.readFile(path.join(work, "enrol-0.wav")), Lena: await fsp.readFile(path.join(work, "enrol-1.wav")) };
  expect(parts).toHaveLength(2);
  speech.answer = (req: DiarizingRequest) => {
    const names = (req.fields["known_speaker_names[]"] as string[] | undefined) ?? [];
    const refs = (req.fields["known_speaker_references[]"] as string[] | undefined) ?? [];
    // Whose voice each reference is: its samples appear in that reader's enrolment clip.
    const whose = new Map<string, string>();
    refs.forEach((r, i) => {
      const samples = Buffer.from(r.slice(r.indexOf(",") + 1), "base64").subarray(44, 44 + 3200);
      for (const [reader, clip] of Object.entries(voices)) if (clip.indexOf(samples) >= 0) whose.set(reader, names[i]!);
    });
    return [
      { start: 0, end: lengths[0]!, text: "he was not an ill disposed young man", speaker: whose.get("Lena") ?? "A" },
      { start: lengths[0]!, end: lengths[0]! + lengths[1]!, text: "for although the chinese took impressions", speaker: whose.get("Linda") ?? "B" },
    ];
  };
  const res = await call<{ tasks: { id: string }[] }>(create, { token: user.token, form: await formWithFiles([{ path: upload, name: "meeting.wav", type: "audio/wav" }], { start: "false" }) });
  expect(res.code).toBe(200);
  const id = res.data.tasks[0]!.id;
  await prisma.task.update({ where: { id }, data: { status: "queued" } });
  const before = speech.requests.length;
  await runTranscription(id, { locale: "en", knownSpeakers: knownSpeakersFor, nameSpeakers: applyVoiceProfiles });

  const sent = speech.requests.slice(before);
  expect(sent).toHaveLength(1);
  expect((sent[0]!.fields["known_speaker_names[]"] as string[]).sort()).toEqual(["Lena", "Linda"]);
  for (const ref of sent[0]!.fields["known_speaker_references[]"] as string[]) {
    const audio = await referenceAudio(ref);
    expect(audio.seconds).toBeGreaterThanOrEqual(2);
    expect(audio.seconds).toBeLessThanOrEqual(10);
  }
  const task = await prisma.task.findUniqueOrThrow({
    where: { id },
    select: { status: true, speakerSource: true, speakers: { select: { id: true, name: true, profileState: true }, orderBy: { position: "asc" } }, timeline: { select: { begin: true, speakerId: true, text: true }, orderBy: { position: "asc" } } },
  });
  expect(task.status).toBe("completed");
  expect(task.speakerSource).toBe("provider");
  expect(task.speakers.map((s) => [s.name, s.profileState])).toEqual([
    ["Lena", "suggested"],
    ["Linda", "suggested"],
  ]);
  expect(task.timeline.map((e) => task.speakers.find((s) => s.id === e.speakerId)!.name)).toEqual(["Lena", "Linda"]);
  expect(task.timeline[1]!.begin).toBe(Math.round(lengths[0]! * 1000));
});

test("without profiles the provider's A and B become Speaker 1 and 2", async () => {
  const other = await signIn("voices-provider-free");
  const upload = path.join(work, "plain.wav");
  const { lengths } = await joinClips(work, "plain", [LJ[2]!, LV[2]!], upload);
  speech.answer = () => [
    { start: 0, end: lengths[0]!, text: "first reader", speaker: "A" },
    { start: lengths[0]!, end: lengths[0]! + lengths[1]!, text: "second reader", speaker: "B" },
  ];
  const res = await call<{ tasks: { id: string }[] }>(create, { token: other.token, form: await formWithFiles([{ path: upload, name: "plain.wav", type: "audio/wav" }], { start: "false" }) });
  const id = res.data.tasks[0]!.id;
  await prisma.task.update({ where: { id }, data: { status: "queued" } });
  const before = speech.requests.length;
  await runTranscription(id, { locale: "en", knownSpeakers: knownSpeakersFor, nameSpeakers: applyVoiceProfiles });
  expect(speech.requests.slice(before)[0]!.fields).not.toHaveProperty("known_speaker_names[]");
  const task = await prisma.task.findUniqueOrThrow({ where: { id }, select: { speakerSource: true, speakers: { select: { name: true }, orderBy: { position: "asc" } } } });
  expect(task.speakerSource).toBe("provider");
  expect(task.speakers.map((s) => s.name)).toEqual(["Speaker 1", "Speaker 2"]);
});

test("two people at once: the provider's overlapping segments keep both speakers and their own times", async () => {
  // LJSpeech's reader talks for 9.7 s; TIMIT's speaker says one sentence (2.9 s) from 4.0 s, over her.
  const a = path.join(work, "overlap-a.wav");
  const b = path.join(work, "overlap-b.wav");
  await normalizeToWav(path.join(SINGLE_CLIPS, LJ[0]!), a);
  await normalizeToWav(path.join(SINGLE_CLIPS, "en_LDC93S1.wav"), b);
  const [lenA, lenB] = [(await readWavInfo(a)).durationSec, (await readWavInfo(b)).durationSec];
  const upload = path.join(work, "overlap.wav");
  await execFileAsync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-i", a, "-i", b, "-filter_complex", "[1:a]adelay=4000:all=1[b];[0:a][b]amix=inputs=2:duration=longest:normalize=0", "-ar", "16000", "-ac", "1", upload]);
  expect((await readWavInfo(upload)).durationSec).toBeCloseTo(lenA, 1);
  speech.answer = () => [
    { start: 0, end: lenA, text: "Printing, in the only sense with which we are at present concerned", speaker: "A" },
    { start: 4, end: 4 + lenB, text: "She had your dark suit in greasy wash water all year.", speaker: "B" },
  ];
  const res = await call<{ tasks: { id: string }[] }>(create, { token: user.token, form: await formWithFiles([{ path: upload, name: "interrupted.wav", type: "audio/wav" }], { start: "false" }) });
  const id = res.data.tasks[0]!.id;
  await prisma.task.update({ where: { id }, data: { status: "queued" } });
  await runTranscription(id, { locale: "en" });
  const task = await prisma.task.findUniqueOrThrow({
    where: { id },
    select: { speakerSource: true, speakers: { select: { id: true, name: true }, orderBy: { position: "asc" } }, timeline: { select: { begin: true, end: true, speakerId: true, text: true }, orderBy: { position: "asc" } } },
  });
  expect(task.speakerSource).toBe("provider");
  const who = (speakerId: string | null) => task.speakers.find((s) => s.id === speakerId)?.name;
  // Before, the interruption was given to whoever covered most of it: the reader it interrupted.
  expect(task.timeline.map((e) => [who(e.speakerId), e.begin, e.end])).toEqual([
    ["Speaker 1", 0, Math.round(lenA * 1000)],
    ["Speaker 2", 4000, Math.round((4 + lenB) * 1000)],
  ]);
  expect(task.timeline[1]!.text).toContain("dark suit");
});
