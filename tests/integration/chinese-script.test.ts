import { SPEECH_PORT } from "./chinese-script.env";
import fs from "node:fs";
import path from "node:path";
import { POST as create } from "@/app/api/transcription/create/route";
import { prisma } from "@/lib/server/prisma";
import { runTranscription } from "@/lib/tasks/pipeline";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call, CORPUS, formWithFiles } from "@/tests/helpers/api";
import { startFakeSpeech, type FakeSpeech } from "@/tests/helpers/fake-speech";
import { signIn } from "@/tests/helpers/users";

// A Whisper-style service often writes Mandarin in Traditional characters, or in both scripts at once. The
// transcript must come out in Simplified characters, as the corpus's own reference texts (AISHELL, WenetSpeech)
// are written; Japanese kanji must not be touched. The service is a real HTTP server on loopback answering
// verbose_json; what it "hears" is the reference sentence written in Traditional characters (by hand, here).
jest.setTimeout(60_000);

let speech: FakeSpeech;
let user: Awaited<ReturnType<typeof signIn>>;

/** The corpus manifest's reference text of a clip, without the word spaces some references carry. */
function reference(file: string): string {
  const row = fs.readFileSync(path.join(CORPUS, "manifest.tsv"), "utf8").split("\n").find((l) => l.startsWith(`${file}\t`));
  return row!.split("\t")[4]!.replace(/\s+/g, "");
}

beforeAll(async () => {
  await setupTestDatabase();
  speech = await startFakeSpeech(SPEECH_PORT, [0, 0]);
  user = await signIn("chinese-script");
});

afterAll(async () => {
  await speech?.close();
});

/** Uploads a corpus clip saying its spoken language, lets the service answer `heard`, and returns the transcript. */
async function transcribe(file: string, spokenLanguage: string, heard: { language: string; text: string }): Promise<string> {
  speech.reply = heard;
  const res = await call<{ tasks: { id: string }[] }>(create, { token: user.token, headers: { "x-locale": "zh" }, form: await formWithFiles([{ path: path.join(CORPUS, file) }], { spoken_language: spokenLanguage, start: "false" }) });
  expect(res.code).toBe(200);
  const id = res.data.tasks[0]!.id;
  await prisma.task.update({ where: { id }, data: { status: "queued" } });
  await runTranscription(id, { locale: "zh" });
  const task = await prisma.task.findUniqueOrThrow({ where: { id }, select: { status: true, timeline: { orderBy: { position: "asc" }, select: { text: true } } } });
  expect(task.status).toBe("completed");
  return task.timeline.map((e) => e.text).join("");
}

test("Mandarin the service wrote in Traditional characters comes out as the corpus reference, in Simplified", async () => {
  const file = "zh/zh_aishell_BAC009S0724W0121.wav";
  expect(await transcribe(file, "zh", { language: "chinese", text: "廣州市房地產中介協會分析" })).toBe(reference(file));
});

test("both scripts in one answer, with the language left to detect: all Simplified", async () => {
  const file = "zh/zh_firered_BAC009S0764W0121.wav";
  expect(await transcribe(file, "auto", { language: "chinese", text: "甚至出现交易幾乎停滯的情况" })).toBe(reference(file));
  const net = "zh/zh_firered_TEST_NET_Y0000000000_-KTKHdZ2fb8_S00000.wav";
  expect(await transcribe(net, "auto", { language: "chinese", text: "我有的時候說不清楚你們知道嗎" })).toBe(reference(net));
});

test("Japanese keeps its kanji (知識 does not become the Chinese 知识), said or detected", async () => {
  const file = "other/ja_leopard_test.wav";
  const text = "客観的実在の判断的知識が成立するのである。";
  expect(await transcribe(file, "ja", { language: "japanese", text })).toBe(reference(file));
  expect(await transcribe(file, "auto", { language: "japanese", text })).toBe(reference(file));
});
