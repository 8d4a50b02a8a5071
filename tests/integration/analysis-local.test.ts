import "./analysis-local.env";
import { Worker } from "bullmq";
import { POST as analyze } from "@/app/api/transcription/[id]/analyze-meeting/route";
import { PUT as edit } from "@/app/api/transcription/[id]/edit/route";
import { POST as regenerateMap } from "@/app/api/transcription/regenerate-xmind/route";
import { GET as getTask } from "@/app/api/transcription/tasks/[id]/route";
import { GET as getStyle, PUT as putStyle } from "@/app/api/analysis/style/route";
import { POST as ask } from "@/app/api/ask-ai/route";
import { GET as history, DELETE as clearHistory } from "@/app/api/ask-ai/history/[id]/route";
import { GET as introduction } from "@/app/api/ask-ai/flashback-learning/introduction/route";
import { POST as startQuiz } from "@/app/api/ask-ai/flashback-learning/start/route";
import { POST as checkAnswer } from "@/app/api/ask-ai/flashback-learning/check-answer/route";
import { POST as translate } from "@/app/api/translation/route";
import { bullPrefix, queues } from "@/lib/jobs/contract";
import { getProgress } from "@/lib/jobs/progress";
import { analysisSteps, type MindMapNode } from "@/lib/analysis/types";
import { newRedisConnection } from "@/lib/server/redis";
import { runAnalysisJob } from "@/workers/analysis";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call, callStream, streamText } from "@/tests/helpers/api";
import { MEETING, seedTranscribedTask } from "@/tests/helpers/tasks";
import { signIn } from "@/tests/helpers/users";

// The analysis features with no AI provider configured: the local analyzer
// answers, through the real routes, queue and job runner.
jest.setTimeout(60_000);

interface TaskJson {
  id: string;
  status: string;
  summary: string | null;
  summaryEngine: string | null;
  mindMap: MindMapNode | null;
  mindMapOutdated: boolean;
  timeline: unknown[];
  errorDetails: { errorCode: string } | null;
}

let worker: Worker;
let connection: ReturnType<typeof newRedisConnection>;
let owner: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  await setupTestDatabase();
  owner = await signIn("analyst");
  connection = newRedisConnection();
  worker = new Worker(queues.ai, runAnalysisJob, { connection, prefix: bullPrefix(), concurrency: 2 });
});

afterAll(async () => {
  await worker?.close();
  await connection?.quit();
});

async function taskOf(id: string, token = owner.token) {
  return (await call<TaskJson>(getTask, { token, params: { id } })).data;
}

/** Polls until the analysis settles, noting every progress step seen on the way. */
async function settle(id: string): Promise<{ task: TaskJson; steps: string[] }> {
  const steps: string[] = [];
  for (let i = 0; i < 400; i++) {
    const p = await getProgress(id);
    if (p && steps.at(-1) !== p.stage) steps.push(p.stage);
    const task = await taskOf(id);
    if (!["analyzing", "regenerating"].includes(task.status)) return { task, steps };
    await new Promise((r) => setTimeout(r, 15));
  }
  throw new Error("analysis did not settle");
}

const headingsOf = (md: string) => [...md.matchAll(/^#{1,3}\s+(.+)$/gm)].map((m) => m[1]!.trim());
const nodeTexts = (n: MindMapNode): string[] => [n.content, ...n.children.flatMap(nodeTexts)];

describe("analysis with the local analyzer", () => {
  let taskId: string;

  test("runs through the eleven steps to a summary and a mind map drawn from it", async () => {
    taskId = await seedTranscribedTask(owner.userId, "Launch review", MEETING);
    const res = await call<TaskJson>(analyze, { token: owner.token, params: { id: taskId }, json: {} });
    expect(res.code).toBe(200);
    expect(res.data.status).toBe("analyzing");
    const { task, steps } = await settle(taskId);
    expect(task.status).toBe("analysis_completed");
    // Steps are seen in the spec's order.
    const order = steps.map((s) => analysisSteps.indexOf(s as (typeof analysisSteps)[number]));
    expect(order.length).toBeGreaterThanOrEqual(4);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(task.summaryEngine).toBe("local");
    expect(task.summary).toMatch(/^# Launch review/);
    expect(task.summary).toContain("battery");
    // Every heading of the summary is a node of the map.
    const nodes = nodeTexts(task.mindMap!);
    for (const h of headingsOf(task.summary!)) expect(nodes).toContain(h);
    expect(task.timeline).toHaveLength(MEETING.length);
  });

  test("re-summarising needs confirmation, then goes through regenerating", async () => {
    const refused = await call(analyze, { token: owner.token, params: { id: taskId }, json: {} });
    expect(refused.code).toBe(409);
    expect(refused.data).toMatchObject({ error: "analysis.alreadyAnalyzed" });
    const confirmed = await call<TaskJson>(analyze, { token: owner.token, params: { id: taskId }, json: { regenerate: true } });
    expect(confirmed.data.status).toBe("regenerating");
    expect((await settle(taskId)).task.status).toBe("analysis_completed");
  });

  test("an edited summary is saved, and the map follows only when redrawn", async () => {
    const before = await taskOf(taskId);
    const edited = `${before.summary!.trim()}\n\n## Budget decision\n\n- Fifty thousand dollars for marketing\n`;
    const saved = await call<TaskJson>(edit, { token: owner.token, params: { id: taskId }, json: { summary: edited } });
    expect(saved.code).toBe(200);
    expect(saved.data.summary).toContain("## Budget decision");
    expect(saved.data.mindMapOutdated).toBe(true);
    expect(nodeTexts(saved.data.mindMap!)).not.toContain("Budget decision");
    const redrawn = await call<TaskJson>(regenerateMap, { token: owner.token, json: { task_id: taskId } });
    expect(redrawn.code).toBe(200);
    expect(nodeTexts(redrawn.data.mindMap!)).toContain("Budget decision");
    expect(redrawn.data.mindMapOutdated).toBe(false);
    const empty = await call(edit, { token: owner.token, params: { id: taskId }, json: { summary: "   " } });
    expect(empty.data).toMatchObject({ error: "analysis.summaryEmpty" });
  });

  test("a task still transcribing, or with no transcript, gets the spec's messages", async () => {
    const running = await seedTranscribedTask(owner.userId, "Running", [], "transcribing");
    const r1 = await call(analyze, { token: owner.token, params: { id: running }, json: {} });
    expect(r1.data).toMatchObject({ error: "tasks.transcriptionRunning" });
    expect(r1.message).toBe("Transcription is still running");
    const failed = await seedTranscribedTask(owner.userId, "Failed", [], "failed");
    const r2 = await call(analyze, { token: owner.token, params: { id: failed }, json: {} });
    expect(r2.data).toMatchObject({ error: "tasks.noTranscription" });
    expect(r2.message).toBe("No transcription content");
    const zh = await call(analyze, { token: owner.token, params: { id: failed }, json: {}, headers: { "x-locale": "zh" } });
    expect(zh.message).toBe("暂无转写内容");
  });

  test("the custom style changes the summary's length", async () => {
    expect((await call(getStyle, { token: owner.token })).data).toMatchObject({ enabled: false, lengthPreference: "medium" });
    const lengths: Record<string, number> = {};
    for (const lengthPreference of ["short", "long"]) {
      const put = await call(putStyle, { token: owner.token, method: "PUT", json: { enabled: true, lengthPreference, focusArea: "budget", customInstructions: "" } });
      expect(put.data).toMatchObject({ enabled: true, lengthPreference });
      await call(analyze, { token: owner.token, params: { id: taskId }, json: { regenerate: true } });
      lengths[lengthPreference] = (await settle(taskId)).task.summary!.length;
    }
    expect(lengths.long).toBeGreaterThan(lengths.short!);
  });
});

describe("Ask AI and flashback review with the local analyzer", () => {
  let taskId: string;
  beforeAll(async () => {
    taskId = await seedTranscribedTask(owner.userId, "Launch review", MEETING);
  });

  test("an answer streams, quoting the transcript with its timestamp, and is kept in the history", async () => {
    const { events } = await callStream(ask, { token: owner.token, json: { task_id: taskId, question: "Who will send the battery report?" } });
    const text = streamText(events);
    expect(text).toContain("Maria will send the battery report");
    expect(text).toMatch(/\[00:41\]/);
    expect(events.at(-1)).toMatchObject({ type: "done", data: { engine: "local" } });
    const h = await call<{ messages: { role: string; content: string }[] }>(history, { token: owner.token, params: { id: taskId } });
    expect(h.data.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(h.data.messages[1]!.content).toBe(text);
    const empty = await callStream(ask, { token: owner.token, json: { task_id: taskId, question: "  " } });
    expect(empty.envelope).toMatchObject({ code: 400, data: { error: "chat.questionEmpty" } });
    await call(clearHistory, { token: owner.token, method: "DELETE", params: { id: taskId } });
    expect((await call<{ messages: unknown[] }>(history, { token: owner.token, params: { id: taskId } })).data.messages).toHaveLength(0);
  });

  test("a three-question quiz: configuration, practice through check-answer, then the score", async () => {
    const intro = await call<{ introduction: string; defaults: { question_count: number } }>(introduction, { token: owner.token });
    expect(intro.data.introduction.length).toBeGreaterThan(20);
    const started = await callStream(startQuiz, {
      token: owner.token,
      json: { task_id: taskId, question_type: "truefalse", question_count: 3, include_answers: true, include_analysis: true },
    });
    const questions = started.events.filter((e) => e.type === "question") as { quizId: string; question: { id: string; kind: string; options: string[] } }[];
    expect(questions).toHaveLength(3);
    expect(questions.every((q) => q.question.kind === "truefalse" && q.question.options.length === 2)).toBe(true);
    expect(JSON.stringify(questions)).not.toContain("\"answer\"");
    let last: { verdict: { answered: number; total: number; correctAnswer?: number[]; analysis?: string } } | undefined;
    for (const q of questions) {
      const checked = await callStream(checkAnswer, { token: owner.token, json: { task_id: taskId, quiz_id: q.quizId, question_id: q.question.id, answer: [0] } });
      last = checked.events.find((e) => e.type === "verdict") as typeof last;
      expect(last!.verdict.correctAnswer).toHaveLength(1);
      expect(last!.verdict.analysis).toBeTruthy();
      expect(streamText(checked.events)).toMatch(/Correct|Not quite/);
    }
    expect(last!.verdict).toMatchObject({ answered: 3, total: 3 });
    const unknown = await callStream(checkAnswer, { token: owner.token, json: { task_id: taskId, quiz_id: questions[0]!.quizId, question_id: "nope", answer: [0] } });
    expect(unknown.envelope?.data).toMatchObject({ error: "chat.questionNotFound" });
  });

  test("translation says it needs an AI provider, in the user's language", async () => {
    const en = await call(translate, { token: owner.token, json: { task_id: taskId, target_language: "de" } });
    expect(en.code).toBe(503);
    expect(en.message).toBe("Translation needs an AI provider, and none is configured on this server");
    const zh = await call(translate, { token: owner.token, json: { task_id: taskId, target_language: "de" }, headers: { "x-locale": "zh" } });
    expect(zh.message).toBe("翻译需要 AI 服务，但本服务器尚未配置");
  });
});
