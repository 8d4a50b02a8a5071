import "@/tests/integration/reliability-stall.env";
import type { ChildProcess } from "node:child_process";
import { POST as pasteText } from "@/app/api/transcription/paste-text/route";
import { bullPrefix, closeQueues, jobIdFor, queue, queues } from "@/lib/jobs/contract";
import { prisma } from "@/lib/server/prisma";
import { redis } from "@/lib/server/redis";
import { call } from "@/tests/helpers/api";
import { setupTestDatabase } from "@/tests/helpers/db";
import { taskOnceItIs } from "@/tests/helpers/uploads";
import { signIn } from "@/tests/helpers/users";
import { waitFor } from "@/tests/helpers/wait";
import { startWorkerProcess, stopWorkers } from "@/tests/helpers/worker-process";
import { keepSweepScheduled, scheduleSweep, sweepScheduled } from "./sweep-schedule";

// BullMQ adds each next run of the "tasks.sweep" scheduler when a worker takes
// the current one; with Redis away at that moment the next run is never added
// and the sweep stops for good. A pasted text whose enqueue was lost in the same
// outage then stayed "queued" (seen once in the restart drill). The heartbeat
// now puts the schedule back.
jest.setTimeout(120_000);

let worker: ChildProcess | undefined;

beforeAll(async () => {
  await setupTestDatabase();
});

afterAll(async () => {
  await stopWorkers();
  await closeQueues();
});

/** What BullMQ leaves behind when it could not add the next run: the scheduler, but no job for its next time. */
async function loseNextSweep() {
  const scheduler = await queue(queues.maintenance).getJobScheduler("tasks.sweep");
  const id = `repeat:tasks.sweep:${scheduler!.next}`;
  const base = `${bullPrefix()}:${queues.maintenance}`;
  await redis().multi().zrem(`${base}:delayed`, id).lrem(`${base}:wait`, 0, id).del(`${base}:${id}`).exec();
}

it("a lost next run is noticed and the schedule put back", async () => {
  await scheduleSweep();
  expect(await sweepScheduled()).toBe(true);
  await loseNextSweep();
  expect(await sweepScheduled()).toBe(false);
  await keepSweepScheduled();
  expect(await sweepScheduled()).toBe(true);
});

it("with the schedule lost, a text whose enqueue was lost is still imported (the worker's heartbeat restores the sweep)", async () => {
  const user = await signIn("sweep-lost");
  worker = startWorkerProcess();
  // Two scheduled sweeps taken: the worker's start-up sweep (which would find the text on its own) is long over.
  await waitFor("the worker's scheduled sweeps", async () => ((await queue(queues.maintenance).getJobScheduler("tasks.sweep"))?.iterationCount ?? 0) >= 3 || undefined, {
    timeoutMs: 30_000,
  });
  // The sweep's next run is lost; then a text arrives while the AI queue is held, and its job is
  // lost too (as when Redis was away at enqueue).
  await loseNextSweep();
  await queue(queues.ai).pause();
  const res = await call<{ task: { id: string } }>(pasteText, { token: user.token, json: { text: "A short note about the weekly planning meeting." } });
  const taskId = res.data.task.id;
  await queue(queues.ai).remove(jobIdFor("document.import", taskId));
  await prisma.task.update({ where: { id: taskId }, data: { updateTime: new Date(Date.now() - 120_000) } });
  await queue(queues.ai).resume();
  await taskOnceItIs(user.token, taskId, "completed", { timeoutMs: 60_000 });
  expect(worker.exitCode).toBeNull();
});
