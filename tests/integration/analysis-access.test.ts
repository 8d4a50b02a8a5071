import { POST as analyze } from "@/app/api/transcription/[id]/analyze-meeting/route";
import { PUT as edit } from "@/app/api/transcription/[id]/edit/route";
import { POST as regenerateMap } from "@/app/api/transcription/regenerate-xmind/route";
import { GET as getStyle, PUT as putStyle } from "@/app/api/analysis/style/route";
import { POST as ask } from "@/app/api/ask-ai/route";
import { GET as history, DELETE as clearHistory } from "@/app/api/ask-ai/history/[id]/route";
import { GET as introduction } from "@/app/api/ask-ai/flashback-learning/introduction/route";
import { POST as startQuiz } from "@/app/api/ask-ai/flashback-learning/start/route";
import { POST as checkAnswer } from "@/app/api/ask-ai/flashback-learning/check-answer/route";
import { POST as translate } from "@/app/api/translation/route";
import { GET as queryTranslation } from "@/app/api/translation/query/route";
import { GET as listHotwords, POST as createHotword } from "@/app/api/hotwords/route";
import { GET as hotwordSummary } from "@/app/api/hotwords/summary/route";
import { POST as batchHotwords } from "@/app/api/hotwords/batch/route";
import { PUT as updateHotword, DELETE as deleteHotword } from "@/app/api/hotwords/[id]/route";
import { prisma } from "@/lib/server/prisma";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call, callStream } from "@/tests/helpers/api";
import { MEETING, seedTranscribedTask } from "@/tests/helpers/tasks";
import { signIn } from "@/tests/helpers/users";

// A second signed-in user can neither analyse, read the chat of, nor translate
// your task, nor touch your hotwords; nobody signed out gets anything.
let owner: Awaited<ReturnType<typeof signIn>>;
let other: Awaited<ReturnType<typeof signIn>>;
let taskId: string;
let quizId: string;
let hotwordId: string;

beforeAll(async () => {
  await setupTestDatabase();
  owner = await signIn("owner");
  other = await signIn("other");
  taskId = await seedTranscribedTask(owner.userId, "Private meeting", MEETING);
  await prisma.task.update({ where: { id: taskId }, data: { status: "analysis_completed", summary: "# Private meeting\n\n## Secret\n\n- the plan\n" } });
  await prisma.chatMessage.create({ data: { taskId, userId: owner.userId, role: "user", content: "my private question" } });
  const quiz = await prisma.chatMessage.create({
    data: { taskId, userId: owner.userId, role: "assistant", mode: "flashback", content: "quiz", data: { quiz: true, settings: { type: "single", count: 1, includeAnswers: true, includeAnalysis: true }, questions: [{ id: "q1", kind: "single", prompt: "p", options: ["a", "b"], answer: [0], analysis: "x" }] } },
  });
  quizId = quiz.id;
  await prisma.user.update({ where: { id: owner.userId }, data: { planCode: "pro" } });
  await prisma.user.update({ where: { id: other.userId }, data: { planCode: "pro" } });
  hotwordId = (await prisma.hotword.create({ data: { userId: owner.userId, text: "Tingji", language: "en" } })).id;
});

const taskRoutes = [
  ["POST analyze-meeting", analyze, "POST", () => ({ params: { id: taskId }, json: { regenerate: true } })],
  ["PUT edit (summary)", edit, "PUT", () => ({ params: { id: taskId }, json: { summary: "# mine now" } })],
  ["POST regenerate-xmind", regenerateMap, "POST", () => ({ json: { task_id: taskId } })],
  ["GET ask-ai history", history, "GET", () => ({ params: { id: taskId } })],
  ["DELETE ask-ai history", clearHistory, "DELETE", () => ({ params: { id: taskId } })],
  ["GET translation query", queryTranslation, "GET", () => ({ query: { task_id: taskId, target_language: "de" } })],
  ["POST translation", translate, "POST", () => ({ json: { task_id: taskId, target_language: "de" } })],
] as const;

const streamRoutes = [
  ["POST ask-ai", ask, () => ({ task_id: taskId, question: "what is the plan?" })],
  ["POST flashback start", startQuiz, () => ({ task_id: taskId, question_count: 1 })],
  ["POST flashback check-answer", checkAnswer, () => ({ task_id: taskId, quiz_id: quizId, question_id: "q1", answer: [0] })],
] as const;

describe("another signed-in user", () => {
  it.each(taskRoutes)("%s: task not found", async (_name, handler, method, opts) => {
    const res = await call(handler as never, { token: other.token, method, ...opts() });
    expect(res.code).toBe(404);
    expect(res.data).toMatchObject({ error: "tasks.notFound" });
  });

  it.each(streamRoutes)("%s: refused before any stream starts", async (_name, handler, json) => {
    const res = await callStream(handler as never, { token: other.token, json: json() });
    expect(res.envelope).toMatchObject({ code: 404, data: { error: "tasks.notFound" } });
    expect(res.events).toHaveLength(0);
  });

  it("cannot change or delete your hotwords, and does not see them", async () => {
    expect((await call(updateHotword, { token: other.token, method: "PUT", params: { id: hotwordId }, json: { enabled: false } })).data).toMatchObject({ error: "hotwords.notFound" });
    expect((await call(deleteHotword, { token: other.token, method: "DELETE", params: { id: hotwordId } })).data).toMatchObject({ error: "hotwords.notFound" });
    const list = await call<{ items: unknown[] }>(listHotwords, { token: other.token });
    expect(list.data.items).toHaveLength(0);
  });

  it("leaves the owner's summary, chat, quiz and hotword as they were", async () => {
    const task = await prisma.task.findUniqueOrThrow({ where: { id: taskId }, select: { status: true, summary: true } });
    expect(task).toEqual({ status: "analysis_completed", summary: "# Private meeting\n\n## Secret\n\n- the plan\n" });
    expect(await prisma.chatMessage.count({ where: { taskId } })).toBe(2);
    expect(await prisma.hotword.findUniqueOrThrow({ where: { id: hotwordId }, select: { enabled: true } })).toEqual({ enabled: true });
    expect(await prisma.translation.count({ where: { taskId } })).toBe(0);
  });
});

describe("nobody signed in gets 401", () => {
  const all = [
    ...taskRoutes.map(([name, handler, method]) => [name, handler, method] as const),
    ["GET style", getStyle, "GET"],
    ["PUT style", putStyle, "PUT"],
    ["GET flashback introduction", introduction, "GET"],
    ["GET hotwords", listHotwords, "GET"],
    ["POST hotwords", createHotword, "POST"],
    ["GET hotwords summary", hotwordSummary, "GET"],
    ["POST hotwords batch", batchHotwords, "POST"],
    ["PUT hotword", updateHotword, "PUT"],
    ["DELETE hotword", deleteHotword, "DELETE"],
  ] as const;
  it.each(all)("%s", async (_name, handler, method) => {
    const res = await call(handler as never, { method, params: { id: taskId }, json: method === "GET" || method === "DELETE" ? undefined : {} });
    expect(res.status).toBe(401);
  });
  it.each(streamRoutes)("%s", async (_name, handler, json) => {
    const res = await callStream(handler as never, { json: json() });
    expect(res.envelope?.code).toBe(401);
  });
});
