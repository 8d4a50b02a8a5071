import { SPEECH_PORT } from "./speech-language-service.env";
import path from "node:path";
import { POST as create } from "@/app/api/transcription/create/route";
import { GET as speechConfig } from "@/app/api/transcription/speech-config/route";
import { prisma } from "@/lib/server/prisma";
import { normalizeToWav } from "@/lib/media/ffmpeg";
import { openAiEngine } from "@/lib/speech/openai";
import { runTranscription } from "@/lib/tasks/pipeline";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call, CORPUS, formWithFiles } from "@/tests/helpers/api";
import { SPOKEN, startFakeSpeech, type FakeSpeech } from "@/tests/helpers/fake-speech";
import { signIn } from "@/tests/helpers/users";

// With an OpenAI-compatible speech service the spoken language reaches the service as the
// multipart `language` field of POST /audio/transcriptions, as its API defines it; "detect"
// leaves the field out so the service finds the language itself. Seen by a real HTTP server
// on loopback that parses each request's multipart body.
jest.setTimeout(60_000);

const CLIP = path.join(CORPUS, "single/en_jfk.wav");
let speech: FakeSpeech;
let user: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  await setupTestDatabase();
  speech = await startFakeSpeech(SPEECH_PORT, [0, 0]);
  user = await signIn("spoken-service");
});

afterAll(async () => {
  await speech?.close();
});

/** Uploads the clip with these form fields from an interface in `locale`, runs the pipeline, and returns the speech requests' fields. */
async function transcribe(fields: Record<string, string>, locale: string) {
  const res = await call<{ tasks: { id: string }[] }>(create, { token: user.token, headers: { "x-locale": locale }, form: await formWithFiles([{ path: CLIP }], { ...fields, start: "false" }) });
  expect(res.code).toBe(200);
  const id = res.data.tasks[0]!.id;
  await prisma.task.update({ where: { id }, data: { status: "queued" } });
  const seen = speech.fields.length;
  await runTranscription(id, { locale });
  const task = await prisma.task.findUniqueOrThrow({ where: { id }, select: { status: true, fullText: true, spokenLanguage: true } });
  expect(task.status).toBe("completed");
  expect(task.fullText).toContain(SPOKEN);
  return { spokenLanguage: task.spokenLanguage, requests: speech.fields.slice(seen) };
}

test("the engine sends the language as the multipart `language` field, and leaves it out to detect", async () => {
  const wav = path.join(process.env.DATA_DIR!, "jfk.wav");
  await normalizeToWav(CLIP, wav);
  const engine = openAiEngine({ baseURL: speech.url, apiKey: "sk-loopback", model: "whisper-loopback", maxRetries: 0 });
  const seen = speech.fields.length;
  await engine.transcribe(wav, { language: "zh" });
  await engine.transcribe(wav, {});
  const [told, detect] = speech.fields.slice(seen);
  expect(told).toMatchObject({ model: "whisper-loopback", language: "zh", response_format: "verbose_json" });
  expect(detect).toMatchObject({ model: "whisper-loopback" });
  expect(detect).not.toHaveProperty("language");
});

test("the browser is told any language goes and the service can detect", async () => {
  const res = await call(speechConfig, { token: user.token });
  expect(res.data).toEqual({ engine: "service", languages: null, detect: true });
});

test("an upload's spoken language reaches the service; detect omits it; none given means the interface language", async () => {
  const zh = await transcribe({ spoken_language: "zh" }, "zh");
  expect(zh.spokenLanguage).toBe("zh");
  expect(zh.requests).toHaveLength(1);
  expect(zh.requests[0]).toMatchObject({ language: "zh" });

  const detect = await transcribe({ spoken_language: "auto" }, "zh");
  expect(detect.spokenLanguage).toBe("auto");
  expect(detect.requests).toHaveLength(1);
  expect(detect.requests[0]).not.toHaveProperty("language");

  const interfaceLanguage = await transcribe({}, "de");
  expect(interfaceLanguage.spokenLanguage).toBe("de");
  expect(interfaceLanguage.requests[0]).toMatchObject({ language: "de" });
});
