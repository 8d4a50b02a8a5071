// Tasks made the way a user makes them: a corpus clip uploaded through the create
// route, and the task as its page reads it.
import path from "node:path";
import { POST as create } from "@/app/api/transcription/create/route";
import { GET as getTask } from "@/app/api/transcription/tasks/[id]/route";
import { call, CORPUS, formWithFiles } from "./api";
import { waitFor, type WaitOptions } from "./wait";

/** Uploads a WAV from the corpus; returns the new task's id. */
export async function uploadClip(token: string, file = "single/en_jfk.wav"): Promise<string> {
  const form = await formWithFiles([{ path: path.join(CORPUS, file), type: "audio/wav" }]);
  const res = await call<{ tasks: { id: string }[] }>(create, { token, form });
  expect(res.code).toBe(200);
  return res.data.tasks[0]!.id;
}

export interface TaskJson {
  status: string;
  timeline: { text: string }[];
  errorDetails: { errorCode: string; message: string; suggestions: string[] } | null;
}

/** The task as GET /api/transcription/tasks/[id] answers its owner. */
export async function taskJson(token: string, id: string): Promise<TaskJson> {
  return (await call<TaskJson>(getTask, { token, params: { id } })).data;
}

/** Polls the task until it has this status, and returns it then. */
export function taskOnceItIs(token: string, id: string, status: string, options?: WaitOptions): Promise<TaskJson> {
  return waitFor(
    `task ${id} to be ${status}`,
    async () => {
      const t = await taskJson(token, id);
      return t.status === status && t;
    },
    options,
  );
}
