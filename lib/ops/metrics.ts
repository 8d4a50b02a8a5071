import "server-only";
import { Gauge } from "prom-client";
import { queue, queues } from "@/lib/jobs/contract";
import { readJobFigures } from "@/lib/jobs/job-metrics";
import { metrics } from "@/lib/server/metrics-registry";
import { prisma } from "@/lib/server/prisma";

/**
 * /api/metrics in Prometheus' text format. Read when asked:
 * - tingji_queue_jobs{queue,state}: BullMQ's counts per queue (waiting, active, delayed, failed, prioritized, waiting-children);
 * - tingji_tasks{status}: tasks by status (one grouped count);
 * - tingji_job_duration_seconds{kind} (sum, count) and tingji_job_failures_total{kind}: every worker's runs, from Redis;
 * - tingji_speech_real_time_factor{engine}: decoding time over audio length, over all runs;
 * plus tingji_http_request_duration_seconds, timed in apiRoute in this web process.
 */
export const QUEUE_STATES = ["waiting", "active", "delayed", "failed", "prioritized", "waiting-children"] as const;

type Gauges = { queueJobs: Gauge<"queue" | "state">; tasks: Gauge<"status"> };
const g = globalThis as unknown as { tingjiOpsGauges?: Gauges };

function gauges(): Gauges {
  if (!g.tingjiOpsGauges) {
    const { registry } = metrics();
    g.tingjiOpsGauges = {
      queueJobs: new Gauge({ name: "tingji_queue_jobs", help: "Jobs in each BullMQ queue by state.", labelNames: ["queue", "state"] as const, registers: [registry] }),
      tasks: new Gauge({ name: "tingji_tasks", help: "Tasks by status.", labelNames: ["status"] as const, registers: [registry] }),
    };
  }
  return g.tingjiOpsGauges;
}

async function readQueueDepths(gauge: Gauge<"queue" | "state">): Promise<void> {
  gauge.reset();
  for (const name of Object.values(queues)) {
    const counts = await queue(name).getJobCounts(...QUEUE_STATES);
    for (const state of QUEUE_STATES) gauge.set({ queue: name, state }, counts[state] ?? 0);
  }
}

async function readTaskStatuses(gauge: Gauge<"status">): Promise<void> {
  const rows = await prisma.task.groupBy({ by: ["status"], _count: { _all: true } });
  gauge.reset();
  for (const row of rows) gauge.set({ status: row.status }, row._count._all);
}

const label = (v: string) => v.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");

/** The worker-side series, written by hand: they are totals kept in Redis, not this process's own counters. */
async function jobSeries(): Promise<string> {
  const { jobs, speech } = await readJobFigures();
  const lines = [
    "# HELP tingji_job_duration_seconds Run time of jobs per kind, over every worker (sum and count).",
    "# TYPE tingji_job_duration_seconds summary",
  ];
  for (const [kind, f] of jobs) lines.push(`tingji_job_duration_seconds_sum{kind="${label(kind)}"} ${f.seconds}`, `tingji_job_duration_seconds_count{kind="${label(kind)}"} ${f.count}`);
  lines.push("# HELP tingji_job_failures_total Job runs that failed per kind (a run retried later counts too).", "# TYPE tingji_job_failures_total counter");
  for (const [kind, f] of jobs) lines.push(`tingji_job_failures_total{kind="${label(kind)}"} ${f.failed}`);
  lines.push("# HELP tingji_speech_real_time_factor Speech decoding time over audio length per engine (below 1: faster than real time).", "# TYPE tingji_speech_real_time_factor gauge");
  for (const [engine, s] of speech) if (s.audio > 0) lines.push(`tingji_speech_real_time_factor{engine="${label(engine)}"} ${s.seconds / s.audio}`);
  lines.push("# HELP tingji_speech_audio_seconds_total Audio decoded per engine.", "# TYPE tingji_speech_audio_seconds_total counter");
  for (const [engine, s] of speech) lines.push(`tingji_speech_audio_seconds_total{engine="${label(engine)}"} ${s.audio}`);
  return lines.join("\n") + "\n";
}

export async function renderMetrics(): Promise<{ text: string; contentType: string }> {
  const { queueJobs, tasks } = gauges();
  await Promise.all([readQueueDepths(queueJobs), readTaskStatuses(tasks)]);
  const { registry } = metrics();
  return { text: (await registry.metrics()) + (await jobSeries()), contentType: registry.contentType };
}
