import { POST as sendLink } from "@/app/api/auth/email/send/route";
import { POST as verifyLink } from "@/app/api/auth/email/verify/route";
import { PUT as preferences } from "@/app/api/auth/user/preferences/route";
import { PUT as language } from "@/app/api/auth/user/language/route";
import { PUT as summaryStyle } from "@/app/api/analysis/style/route";
import { POST as createHotword } from "@/app/api/hotwords/route";
import { POST as batchHotwords } from "@/app/api/hotwords/batch/route";
import { PUT as editTitle } from "@/app/api/transcription/[id]/edit-title/route";
import { PUT as editSpeakers } from "@/app/api/transcription/[id]/edit-speaker-names/route";
import { PUT as editEntries } from "@/app/api/transcription/[id]/edit/route";
import { GET as getTask } from "@/app/api/transcription/tasks/[id]/route";
import { GET as listTasks } from "@/app/api/transcription/tasks/route";
import { POST as pasteText } from "@/app/api/transcription/paste-text/route";
import { POST as ask } from "@/app/api/ask-ai/route";
import { fail } from "@/lib/api/respond";
import { prisma } from "@/lib/server/prisma";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call, callStream, type Answer } from "@/tests/helpers/api";
import { MEETING, seedTranscribedTask } from "@/tests/helpers/tasks";
import { signIn } from "@/tests/helpers/users";
import { solvedHumanToken } from "@/tests/helpers/human";

// Hostile text through the real routes: a NUL (or another control character)
// in any single-line field is a 400 catalogue message in the caller's
// language, on routes with and without sign-in; multi-line bodies lose their
// control characters but keep tabs and line breaks. Never a 500.

const NUL = "\u0000";
let user: Awaited<ReturnType<typeof signIn>>;
let taskId: string;

beforeAll(async () => {
  await setupTestDatabase();
  user = await signIn("hostile");
  await prisma.user.update({ where: { id: user.userId }, data: { planCode: "pro" } });
  taskId = await seedTranscribedTask(user.userId, "Launch review", MEETING);
});

function refusedFor(res: Answer, field: string) {
  expect([res.status, res.code, (res.data as { error: string }).error, res.message]).toEqual([400, 400, "common.invalidCharacters", `Invalid input: ${field} contains characters that are not allowed`]);
}

test("a NUL in a single-line field is a 400 naming the field, with or without sign-in", async () => {
  refusedFor(await call(sendLink, { json: { email: `a${NUL}b@example.com` } }), "email");
  refusedFor(await call(sendLink, { json: { email: "fine@example.com", referral_code: `x${NUL}` } }), "referral_code");
  refusedFor(await call(verifyLink, { json: { access_token: `${"t".repeat(20)}${NUL}`, device_id: "web_abcdefgh" } }), "access_token");
  refusedFor(await call(preferences, { method: "PUT", token: user.token, json: { username: `Ann${NUL}` } }), "username");
  refusedFor(await call(language, { method: "PUT", token: user.token, json: { language: `e${NUL}n` } }), "language");
  refusedFor(await call(summaryStyle, { method: "PUT", token: user.token, json: { enabled: true, lengthPreference: "medium", focusArea: `risks${NUL}`, customInstructions: "" } }), "focusArea");
  refusedFor(await call(createHotword, { token: user.token, json: { text: `Tingji${NUL}` } }), "text");
  refusedFor(await call(editTitle, { method: "PUT", token: user.token, params: { id: taskId }, json: { title: `Review${NUL}` } }), "title");
  refusedFor(await call(editTitle, { method: "PUT", token: user.token, params: { id: taskId }, json: { title: "Review\u001b[31m" } }), "title");
  const speaker = await prisma.speaker.findFirstOrThrow({ where: { taskId }, select: { id: true } });
  refusedFor(await call(editSpeakers, { method: "PUT", token: user.token, params: { id: taskId }, json: { speakers: [{ id: speaker.id, name: `Maria${NUL}` }] } }), "speakers.0.name");
  refusedFor(await call(getTask, { token: user.token, params: { id: `${taskId}${NUL}` } }), "id");
  refusedFor(await call(listTasks, { token: user.token, query: { folder_id: `f${NUL}` } }), "folder_id");
  refusedFor(await call(pasteText, { token: user.token, json: { text: "Some notes.", title: `Notes${NUL}` } }), "title");
  // Nothing was changed by the refused calls.
  expect((await prisma.task.findUniqueOrThrow({ where: { id: taskId }, select: { title: true } })).title).toBe("Launch review");
});

test("the refusal is in the caller's language", async () => {
  const de = await call(editTitle, { method: "PUT", token: user.token, params: { id: taskId }, json: { title: `A${NUL}` }, headers: { "x-locale": "de" } });
  expect([de.status, de.message]).toEqual([400, "Ungültige Eingabe: title enthält unzulässige Zeichen"]);
  const zh = await call(sendLink, { json: { email: `a${NUL}@example.com` }, headers: { "x-locale": "zh" } });
  expect([zh.status, zh.message]).toEqual([400, "输入无效：email 含有不允许的字符"]);
});

test("lone surrogates and other odd but printable text are stored, not a 500", async () => {
  const res = await call(editTitle, { method: "PUT", token: user.token, params: { id: taskId }, json: { title: "Odd \ud800 title \u202e\ufeff" } });
  expect(res.status).toBe(200);
  const stored = await prisma.task.findUniqueOrThrow({ where: { id: taskId }, select: { title: true } });
  expect(stored.title.startsWith("Odd ")).toBe(true);
  await prisma.task.update({ where: { id: taskId }, data: { title: "Launch review" } });
});

test("a hostile return_url is dropped, not refused (lib/server/return-url.ts decides)", async () => {
  const res = await call(sendLink, { json: { turnstile_token: await solvedHumanToken(), email: `ret-${Date.now()}@example.com`, return_url: `/transcribe/${NUL}` } });
  expect(res.status).toBe(200);
});

test("multi-line text loses its control characters and keeps tabs and line breaks", async () => {
  const pasted = await call<{ task: { id: string } }>(pasteText, { token: user.token, json: { text: `First line${NUL} of notes.\n\tSecond\u0007 line.\r\nThird line.` } });
  expect(pasted.status).toBe(200);
  const doc = await prisma.task.findUniqueOrThrow({ where: { id: pasted.data.task.id }, select: { title: true } });
  expect(doc.title).not.toContain(NUL);

  const batch = await call<{ created: number }>(batchHotwords, { token: user.token, json: { texts: `Tingji${NUL}\nPocket\u0001sphinx\n` } });
  expect(batch.status).toBe(200);
  const words = await prisma.hotword.findMany({ where: { userId: user.userId }, select: { text: true } });
  expect(words.map((w) => w.text).sort()).toEqual(["Pocketsphinx", "Tingji"]);

  const edited = await call(editEntries, { method: "PUT", token: user.token, params: { id: taskId }, json: { entries: [{ index: 0, text: `Good${NUL} morning\teveryone` }] } });
  expect(edited.status).toBe(200);
  const entry = await prisma.timelineEntry.findFirstOrThrow({ where: { taskId, position: 0 }, select: { text: true } });
  expect(entry.text).toBe("Good morning\teveryone");

  const { status, envelope } = await callStream(ask, { token: user.token, json: { task_id: taskId, question: `Who${NUL} sends the report?` } });
  expect([status, envelope]).toEqual([200, null]);
});

test("text the database refuses never surfaces as a 500", async () => {
  // The safety net behind the schemas: PostgreSQL's "invalid byte sequence" becomes a catalogue 400.
  const error = await prisma.task.findFirst({ where: { id: `x${NUL}` } }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).not.toBeNull();
  const res = await fail(error, "en");
  const body = (await res.json()) as { code: number; data: { error: string } };
  expect([res.status, body.code, body.data.error]).toEqual([400, 400, "common.malformedRequest"]);
});
