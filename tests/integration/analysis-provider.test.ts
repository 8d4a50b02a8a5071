import { AI_PORT } from "./analysis-provider.env";
import { Worker } from "bullmq";
import { POST as analyze } from "@/app/api/transcription/[id]/analyze-meeting/route";
import { GET as getTask } from "@/app/api/transcription/tasks/[id]/route";
import { POST as ask } from "@/app/api/ask-ai/route";
import { POST as startQuiz } from "@/app/api/ask-ai/flashback-learning/start/route";
import { POST as checkAnswer } from "@/app/api/ask-ai/flashback-learning/check-answer/route";
import { POST as translate } from "@/app/api/translation/route";
import { GET as queryTranslation } from "@/app/api/translation/query/route";
import { GET as translationConfig } from "@/app/api/translation/config/route";
import { bullPrefix, queues } from "@/lib/jobs/contract";
import { newRedisConnection } from "@/lib/server/redis";
import { prisma } from "@/lib/server/prisma";
import { runAnalysisJob, runTranslationJob } from "@/workers/analysis";
import type { Job } from "bullmq";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call, callStream, streamText } from "@/tests/helpers/api";
import { startFakeOpenAi, type FakeOpenAi } from "@/tests/helpers/fake-openai";
import { MEETING, seedTranscribedTask } from "@/tests/helpers/tasks";
import { signIn } from "@/tests/helpers/users";

// The analysis features through the real `openai` SDK against an
// OpenAI-compatible server on loopback, including one that hangs or answers garbage.
jest.setTimeout(90_000);

interface TaskJson {
  status: string;
  summary: string | null;
  summaryEngine: string | null;
  timeline: unknown[];
  errorDetails: { errorCode: string; suggestions: string[] } | null;
}

let ai: FakeOpenAi;
let worker: Worker;
let connection: ReturnType<typeof newRedisConnection>;
let owner: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  await setupTestDatabase();
  ai = await startFakeOpenAi({ port: AI_PORT });
  owner = await signIn("provider");
  connection = newRedisConnection();
  const run = (job: Job) => (job.name === "translation.run" ? runTranslationJob(job) : runAnalysisJob(job));
  worker = new Worker(queues.ai, run, { connection, prefix: bullPrefix(), concurrency: 2 });
});

afterAll(async () => {
  await worker?.close();
  await connection?.quit();
  await ai?.close();
});

beforeEach(() => {
  ai.mode = "ok";
  ai.requests.length = 0;
});

async function settle(id: string): Promise<TaskJson> {
  for (let i = 0; i < 600; i++) {
    const task = (await call<TaskJson>(getTask, { token: owner.token, params: { id } })).data;
    if (!["analyzing", "regenerating"].includes(task.status)) return task;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("analysis did not settle");
}

test("with a provider set up, the browser is told translation can run", async () => {
  expect((await call(translationConfig, { token: owner.token })).data).toEqual({ enabled: true });
});

test("the summary comes from the provider, asked with the configured key and model", async () => {
  const id = await seedTranscribedTask(owner.userId, "Launch review", MEETING);
  await call(analyze, { token: owner.token, params: { id }, json: {} });
  const task = await settle(id);
  expect(task.status).toBe("analysis_completed");
  expect(task.summaryEngine).toBe("openai:fake-model");
  expect(task.summary).toMatch(/^# Launch review\n/);
  expect(task.summary).toContain("launch plan for the new mobile app");
  expect(ai.requests[0]!.authorization).toBe("Bearer sk-loopback-ai");
  expect(ai.requests[0]!.body.model).toBe("fake-model");
  expect(ai.requests[0]!.body.messages[1]!.content).toContain("[00:41] Speaker 1: Agreed. Maria will send the battery report");
});

test.each([
  ["hang", "analysis_timeout"],
  ["garbage", "analysis_invalid_output"],
  ["empty", "analysis_invalid_output"],
] as const)("a provider that answers %s fails the analysis cleanly; the transcript stays and a retry works", async (mode, code) => {
  const id = await seedTranscribedTask(owner.userId, `Provider ${mode}`, MEETING);
  ai.mode = mode;
  await call(analyze, { token: owner.token, params: { id }, json: {} });
  const failed = await settle(id);
  expect(failed.status).toBe("analysis_failed");
  expect(failed.errorDetails?.errorCode).toBe(code);
  expect(failed.errorDetails?.suggestions).toContain("retryLater");
  expect(failed.timeline).toHaveLength(MEETING.length);
  expect(ai.requests.length).toBe(2); // the job's two attempts
  ai.mode = "ok";
  await call(analyze, { token: owner.token, params: { id }, json: {} });
  const retried = await settle(id);
  expect(retried.status).toBe("analysis_completed");
  expect(retried.errorDetails).toBeNull();
});

test("Ask AI streams the provider's answer piece by piece", async () => {
  const id = await seedTranscribedTask(owner.userId, "Chat", MEETING);
  const { events } = await callStream(ask, { token: owner.token, json: { task_id: id, question: "What is the marketing budget?" } });
  const deltas = events.filter((e) => e.type === "delta");
  expect(deltas.length).toBeGreaterThan(5);
  expect(streamText(events)).toContain("> [00:50] Speaker 3: The marketing budget for the launch is fifty thousand dollars.");
  expect(events.at(-1)).toMatchObject({ type: "done", data: { engine: "openai:fake-model" } });
  expect(ai.requests[0]!.body.stream).toBe(true);
});

test("a provider failing during an answer ends the stream with an error in the user's language", async () => {
  const id = await seedTranscribedTask(owner.userId, "Chat fails", MEETING);
  ai.mode = "error";
  const { events } = await callStream(ask, { token: owner.token, json: { task_id: id, question: "Anything?" }, headers: { "x-locale": "zh" } });
  expect(events).toEqual([{ type: "error", code: 502, key: "analysis.providerFailed", message: "AI 服务未能正常响应，请重试" }]);
  // Nothing is left behind: asking again does not repeat the question in the history.
  expect(await prisma.chatMessage.count({ where: { taskId: id } })).toBe(0);
});

test("a quiz from the provider, checked on the server", async () => {
  const id = await seedTranscribedTask(owner.userId, "Quiz", MEETING);
  const started = await callStream(startQuiz, { token: owner.token, json: { task_id: id, question_type: "truefalse", question_count: 3 } });
  const questions = started.events.filter((e) => e.type === "question") as { quizId: string; question: { id: string } }[];
  expect(questions).toHaveLength(3);
  const right = await callStream(checkAnswer, { token: owner.token, json: { task_id: id, quiz_id: questions[0]!.quizId, question_id: questions[0]!.question.id, answer: [0] } });
  expect(right.events.find((e) => e.type === "verdict")).toMatchObject({ verdict: { correct: true, answered: 1, total: 3 } });
  const wrong = await callStream(checkAnswer, { token: owner.token, json: { task_id: id, quiz_id: questions[1]!.quizId, question_id: questions[1]!.question.id, answer: [1] } });
  expect(wrong.events.find((e) => e.type === "verdict")).toMatchObject({ verdict: { correct: false, correctAnswer: [0], answered: 2, correctCount: 1 } });
});

test("translation keeps the timeline and translates the summary", async () => {
  const id = await seedTranscribedTask(owner.userId, "Translate me", MEETING);
  await prisma.task.update({ where: { id }, data: { status: "analysis_completed", summary: "# Translate me\n\n## Overview\n\n- Battery first\n" } });
  const started = await call<{ status: string }>(translate, { token: owner.token, json: { task_id: id, target_language: "de" } });
  expect(started.data.status).toBe("translating");
  type Result = { status: string; timeline: { index: number; begin: number; end: number; text: string }[]; summary: string };
  let result: Result | null = null;
  for (let i = 0; i < 200 && result?.status !== "translation_completed"; i++) {
    await new Promise((r) => setTimeout(r, 50));
    result = (await call<Result | null>(queryTranslation, { token: owner.token, query: { task_id: id, target_language: "de" } })).data;
  }
  expect(result!.status).toBe("translation_completed");
  expect(result!.timeline).toHaveLength(MEETING.length);
  expect(result!.timeline[5]).toMatchObject({ index: 5, begin: 41_000, end: 50_000, text: "(Deutsch) Agreed. Maria will send the battery report to the engineering team by Friday." });
  expect(result!.summary).toContain("## (Deutsch) Overview");
  // The task's own status is left alone.
  expect((await prisma.task.findUniqueOrThrow({ where: { id }, select: { status: true } })).status).toBe("analysis_completed");
});
