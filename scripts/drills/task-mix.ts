// Tasks of every kind, made through the real routes, and the checks that each
// one reached an end (completed or failed with details) with its minutes right.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { POST as create } from "@/app/api/transcription/create/route";
import { POST as merge } from "@/app/api/transcription/merge-transcribe/route";
import { POST as createDocument } from "@/app/api/transcription/create-document/route";
import { POST as pasteText } from "@/app/api/transcription/paste-text/route";
import { POST as importLink } from "@/app/api/transcription/import-link/route";
import { POST as analyze } from "@/app/api/transcription/[id]/analyze-meeting/route";
import { POST as translate } from "@/app/api/translation/route";
import { GET as getTask } from "@/app/api/transcription/tasks/[id]/route";
import { GET as usage } from "@/app/api/usage/route";
import { prisma } from "@/lib/server/prisma";
import { call, CORPUS, formWithFiles } from "@/tests/helpers/api";
import { MEETING, seedTranscribedTask } from "@/tests/helpers/tasks";

export const KINDS = ["upload", "merge", "document", "text", "link", "analysis", "translation"] as const;
export type Kind = (typeof KINDS)[number];

export interface MixTask {
  kind: Kind;
  taskId: string;
  submittedAt: number;
}

export interface MixUser {
  token: string;
  userId: string;
}

const JFK = path.join(CORPUS, "single/en_jfk.wav");
const CARDS = path.join(CORPUS, "single/en_cards_002.wav");
let scratch: string | null = null;

function textFile(): string {
  scratch ??= fs.mkdtempSync(path.join(os.tmpdir(), "tingji-drill-mix-"));
  const file = path.join(scratch, "minutes.txt");
  if (!fs.existsSync(file)) fs.writeFileSync(file, MEETING.map((l) => `Speaker ${l.speaker + 1}: ${l.text}`).join("\n"));
  return file;
}

export function removeMixScratch(): void {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  scratch = null;
}

/** Submits one task of this kind through its route; `linkUrl` is a loopback video page. */
export async function submit(kind: Kind, user: MixUser, linkUrl: string): Promise<MixTask> {
  const at = Date.now();
  const made = (taskId: string | undefined, res: { code: number; message: string }) => {
    if (res.code !== 200 || !taskId) throw new Error(`${kind} was refused: ${res.code} ${res.message}`);
    return { kind, taskId, submittedAt: at };
  };
  switch (kind) {
    case "upload": {
      const res = await call<{ tasks: { id: string }[] }>(create, { token: user.token, form: await formWithFiles([{ path: JFK, type: "audio/wav" }]) });
      return made(res.data?.tasks?.[0]?.id, res);
    }
    case "merge": {
      const res = await call<{ task: { id: string } }>(merge, { token: user.token, form: await formWithFiles([{ path: JFK, type: "audio/wav" }, { path: CARDS, type: "audio/wav" }]) });
      return made(res.data?.task?.id, res);
    }
    case "document": {
      const res = await call<{ tasks: { id: string }[] }>(createDocument, { token: user.token, form: await formWithFiles([{ path: textFile(), type: "text/plain" }]) });
      return made(res.data?.tasks?.[0]?.id, res);
    }
    case "text": {
      const res = await call<{ id?: string; task?: { id: string }; tasks?: { id: string }[] }>(pasteText, { token: user.token, json: { title: "Pasted minutes", text: MEETING.map((l) => l.text).join("\n") } });
      return made(res.data?.id ?? res.data?.task?.id ?? res.data?.tasks?.[0]?.id, res);
    }
    case "link": {
      const res = await call<{ task: { id: string } }>(importLink, { token: user.token, json: { url: linkUrl } });
      return made(res.data?.task?.id, res);
    }
    case "analysis": {
      const id = await seedTranscribedTask(user.userId, "Launch review", MEETING);
      const res = await call(analyze, { token: user.token, params: { id }, json: {} });
      return made(id, res);
    }
    case "translation": {
      const id = await seedTranscribedTask(user.userId, "Launch review", MEETING);
      const res = await call(translate, { token: user.token, json: { task_id: id, target_language: "de" } });
      return made(id, res);
    }
  }
}

const IN_WORK = new Set(["not_started", "queued", "transcribing", "merging", "analyzing", "translating", "regenerating"]);

/** Where a drill task stands: "done", "failed" or "running". */
export async function standing(task: MixTask): Promise<{ state: "done" | "failed" | "running"; status: string }> {
  if (task.kind === "translation") {
    const row = await prisma.translation.findFirst({ where: { taskId: task.taskId, targetLanguage: "de" }, select: { status: true } });
    const status = row?.status ?? "missing";
    return { state: status === "translation_completed" ? "done" : status === "translation_failed" ? "failed" : "running", status };
  }
  const row = await prisma.task.findUnique({ where: { id: task.taskId }, select: { status: true } });
  const status = row?.status ?? "missing";
  if (task.kind === "analysis") return { state: status === "analysis_completed" ? "done" : status === "analysis_failed" ? "failed" : "running", status };
  if (IN_WORK.has(status) || status === "missing") return { state: "running", status };
  return { state: status === "failed" ? "failed" : "done", status };
}

export async function waitAllSettled(tasks: MixTask[], timeoutMs: number): Promise<MixTask[]> {
  const deadline = Date.now() + timeoutMs;
  let running = tasks;
  while (Date.now() < deadline) {
    const states = await Promise.all(running.map(standing));
    running = running.filter((_t, i) => states[i]!.state === "running");
    if (running.length === 0) return [];
    await new Promise((r) => setTimeout(r, 500));
  }
  return running;
}

export interface MixProblem {
  taskId: string;
  kind: Kind;
  problem: string;
}

const CHARGED_KINDS = new Set<Kind>(["upload", "merge", "link", "document", "text"]);

/**
 * Every task reached an end; failed ones say why; each charging task has at most
 * one charge, live if it completed and refunded if it failed; the user's usage
 * is the sum of the live charges, and the usage route shows the same.
 */
export async function checkSettledAndBilled(tasks: MixTask[], users: MixUser[]): Promise<MixProblem[]> {
  const problems: MixProblem[] = [];
  const tokenOf = new Map<string, string>();
  for (const t of tasks) {
    const owner = await prisma.task.findUnique({ where: { id: t.taskId }, select: { userId: true } });
    const user = users.find((u) => u.userId === owner?.userId);
    if (user) tokenOf.set(t.taskId, user.token);
  }
  for (const t of tasks) {
    const { state, status } = await standing(t);
    if (state === "running") {
      problems.push({ taskId: t.taskId, kind: t.kind, problem: `stuck in ${status}` });
      continue;
    }
    if (state === "failed" && t.kind !== "translation" && t.kind !== "analysis") {
      const res = await call<{ errorDetails: { errorCode: string; message: string; suggestions: string[] } | null }>(getTask, { token: tokenOf.get(t.taskId), params: { id: t.taskId } });
      const d = res.data?.errorDetails;
      if (!d || !d.message || !(d.suggestions?.length > 0)) problems.push({ taskId: t.taskId, kind: t.kind, problem: `failed without error details: ${JSON.stringify(d)}` });
    }
    if (state === "done" && t.kind !== "translation" && t.kind !== "analysis") {
      // A job redone after a kill must replace its results, not add a second copy.
      const entries = await prisma.timelineEntry.findMany({ where: { taskId: t.taskId }, select: { begin: true, end: true, text: true } });
      const keys = entries.map((e) => `${e.begin}-${e.end}-${e.text}`);
      if (new Set(keys).size !== keys.length) problems.push({ taskId: t.taskId, kind: t.kind, problem: `${keys.length - new Set(keys).size} duplicated timeline entries` });
      if (entries.length === 0) problems.push({ taskId: t.taskId, kind: t.kind, problem: "completed without a timeline" });
    }
    if (CHARGED_KINDS.has(t.kind)) {
      const charges = await prisma.usageCharge.findMany({ where: { taskId: t.taskId }, select: { seconds: true, refundedAt: true } });
      const live = charges.filter((c) => c.refundedAt === null);
      if (charges.length > 1) problems.push({ taskId: t.taskId, kind: t.kind, problem: `charged ${charges.length} times` });
      if (state === "failed" && live.length > 0) problems.push({ taskId: t.taskId, kind: t.kind, problem: `failed but its ${live[0]!.seconds} s were not refunded` });
      if (state === "done" && (t.kind === "upload" || t.kind === "merge" || t.kind === "link")) {
        const row = await prisma.task.findUnique({ where: { id: t.taskId }, select: { duration: true } });
        const expected = Math.ceil((row?.duration ?? 0) - 1e-9);
        if (live.length !== 1) problems.push({ taskId: t.taskId, kind: t.kind, problem: `completed with ${live.length} live charges` });
        else if (live[0]!.seconds !== expected) problems.push({ taskId: t.taskId, kind: t.kind, problem: `charged ${live[0]!.seconds} s for ${row?.duration} s of audio` });
      }
    }
  }
  for (const u of users) {
    const live = await prisma.usageCharge.aggregate({ where: { userId: u.userId, refundedAt: null }, _sum: { seconds: true } });
    const periods = await prisma.usagePeriod.aggregate({ where: { userId: u.userId }, _sum: { usedSeconds: true } });
    const liveSeconds = live._sum.seconds ?? 0;
    if ((periods._sum.usedSeconds ?? 0) !== liveSeconds) problems.push({ taskId: "-", kind: "upload", problem: `user ${u.userId}: usage ${periods._sum.usedSeconds} s but live charges ${liveSeconds} s` });
    const shown = await call<{ usedMinutes: number }>(usage, { token: u.token });
    if (Math.abs(shown.data.usedMinutes - Math.round((liveSeconds / 60) * 100) / 100) > 0.011) problems.push({ taskId: "-", kind: "upload", problem: `user ${u.userId}: usage route shows ${shown.data.usedMinutes} min, live charges are ${liveSeconds} s` });
  }
  return problems;
}
