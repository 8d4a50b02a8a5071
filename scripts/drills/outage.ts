// What the web answers while PostgreSQL or Redis is down: each route is called
// with a time limit; the answer must come quickly and be a clear catalogue
// error (503 common.serviceUnavailable), not a hang and not a 500.
import { GET as listTasks } from "@/app/api/transcription/tasks/route";
import { GET as getTask } from "@/app/api/transcription/tasks/[id]/route";
import { GET as usage } from "@/app/api/usage/route";
import { GET as health } from "@/app/api/health/route";
import { POST as pasteText } from "@/app/api/transcription/paste-text/route";
import { POST as create } from "@/app/api/transcription/create/route";
import path from "node:path";
import { CORPUS, formWithFiles } from "@/tests/helpers/api";
import { rawCall } from "./call";

export interface OutageAnswer {
  service: string;
  route: string;
  status: number;
  code: number | null;
  errorKey: string | null;
  ms: number;
  hung: boolean;
  problem: string | null;
  /** A task the web accepted while the service was down: it must still finish afterwards. */
  acceptedTask: string | null;
}

/** A clear answer arrives within this long. */
export const CLEAR_ANSWER_MS = 5_000;
/** Past this a probe counts as hanging (and the drill moves on). */
const PROBE_LIMIT_MS = 8_000;

export async function probeDuringOutage(service: "postgres" | "redis", token: string, taskId: string): Promise<OutageAnswer[]> {
  const probes: [string, () => ReturnType<typeof rawCall>][] = [
    ["GET /api/transcription/tasks", () => rawCall(listTasks, { method: "GET", token, timeoutMs: PROBE_LIMIT_MS })],
    ["GET /api/transcription/tasks/[id]", () => rawCall(getTask, { method: "GET", token, params: { id: taskId }, timeoutMs: PROBE_LIMIT_MS })],
    ["GET /api/usage", () => rawCall(usage, { method: "GET", token, timeoutMs: PROBE_LIMIT_MS })],
    ["POST /api/transcription/paste-text", () => rawCall(pasteText, { method: "POST", token, json: { text: "during the outage", title: "outage" }, timeoutMs: PROBE_LIMIT_MS })],
    ["POST /api/transcription/create", async () => rawCall(create, { method: "POST", token, form: await formWithFiles([{ path: path.join(CORPUS, "single/en_jfk.wav"), type: "audio/wav" }]), timeoutMs: PROBE_LIMIT_MS })],
    ["GET /api/health", () => rawCall(health, { method: "GET", timeoutMs: PROBE_LIMIT_MS })],
  ];
  const answers: OutageAnswer[] = [];
  for (const [route, probe] of probes) {
    const a = await probe();
    let problem: string | null = null;
    if (a.hung) problem = `no answer in ${PROBE_LIMIT_MS / 1000} s`;
    else if (a.threw) problem = `threw ${a.threw}`;
    else if (a.ms > CLEAR_ANSWER_MS) problem = `answered only after ${a.ms} ms`;
    else if (route === "GET /api/health") problem = a.status === 503 || a.code === 503 || /"(database|redis)":"error"/.test(a.text) ? null : `health does not report ${service} down (${a.status})`;
    else if (a.status === 200 && a.code === 200) problem = null; // served anyway (e.g. from the service that is up)
    else if (a.status !== 503 || a.errorKey !== "common.serviceUnavailable") problem = `expected 503 common.serviceUnavailable, got ${a.status}/${a.code} ${a.errorKey ?? ""}`;
    answers.push({ service, route, status: a.status, code: a.code, errorKey: a.errorKey, ms: a.ms, hung: a.hung, problem, acceptedTask: a.code === 200 && route.startsWith("POST") ? createdTaskId(a.text) : null });
  }
  return answers;
}

function createdTaskId(latin1: string): string | null {
  try {
    const data = (JSON.parse(Buffer.from(latin1, "latin1").toString("utf8")) as { data?: { id?: string; task?: { id: string }; tasks?: { id: string }[] } }).data;
    return data?.id ?? data?.task?.id ?? data?.tasks?.[0]?.id ?? null;
  } catch {
    return null;
  }
}
