import fs from "node:fs";
import http from "node:http";

/** What a run measured, in the shape the load bench reads from autocannon. */
export interface PacedResult {
  latency: { p50: number; p99: number; average: number; max: number };
  requests: { average: number; total: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

// One keep-alive agent per client, up to a browser's 6 connections per host, kept from row to row as a user's
// browser keeps its connections. A single shared agent reuses its most recently freed socket first, so a few
// sockets carried almost every request, and with several web processes (node:cluster deals out connections, not
// requests) one process got nearly all of them: 80-96 of 100 req/s and 191-200 of 200 in a second-by-second count.
// New agents for every row opened 100 connections at its start, which queued up its first second
// (bench/README.md "load: findings").
const agents = new Map<string, http.Agent>();
function agentFor(client: string): http.Agent {
  let agent = agents.get(client);
  if (!agent) agents.set(client, (agent = new http.Agent({ keepAlive: true, maxSockets: 6 })));
  return agent;
}

/** Closes every client's connections (before the server under test stops). */
export function closeClients(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

/**
 * An open-loop load at an even rate: request i is due at start + i/rate, and is sent then on a keep-alive
 * connection of its client's (at most `maxInFlight` at once). Its latency counts from when it was due,
 * so a server (or a client) that falls behind shows in the figures instead of slowing the load down.
 *
 * Why not autocannon's fixed rate: its connections each send their share of a second back to back and then
 * wait for their own 1-second timer, and those timers start together, so "200 req/s" arrives as bursts of
 * about 20 requests at once at the top of every second (lib/httpClient.js `reqsMadeThisSecond`). The latency
 * it reports is then the wait inside a burst, not the latency at that rate.
 */
export async function pacedLoad(opts: {
  url: string;
  rate: number;
  seconds: number;
  /** `client`: who sends it (a user, a visitor); each client keeps connections of its own, as a browser does. */
  next: () => { path: string; headers?: Record<string, string>; client: string };
  maxInFlight?: number;
  timeoutMs?: number;
}): Promise<PacedResult> {
  const target = new URL(opts.url);
  // Past this many unanswered requests, new ones are not sent but counted as errors (shed, as a balancer would):
  // an open loop against a route slower than the rate would otherwise pile up work the server still does after
  // the run, and spoil the next row.
  const maxInFlight = opts.maxInFlight ?? 64;
  const total = Math.round(opts.rate * opts.seconds);
  const latencies: number[] = [];
  let errors = 0;
  let timeouts = 0;
  let non2xx = 0;
  let sent = 0;
  let done = 0;
  let shed = 0;
  const start = performance.now();
  // BENCH_TIMELINE=<file>: one line per answered request (ms after start it was due, ms it went out late,
  // latency, status), to set slow requests beside the web's GC or log events.
  const timeline: string[] | null = process.env.BENCH_TIMELINE ? [] : null;

  const send = (dueAt: number) =>
    new Promise<void>((resolve) => {
      const sentLate = performance.now() - dueAt;
      const { path, headers, client } = opts.next();
      const req = http.request({ host: target.hostname, port: target.port, path, agent: agentFor(client), headers, timeout: opts.timeoutMs ?? 10_000 }, (res) => {
        res.resume();
        res.on("end", () => {
          latencies.push(performance.now() - dueAt);
          timeline?.push(`${(dueAt - start).toFixed(1)} ${sentLate.toFixed(1)} ${(performance.now() - dueAt).toFixed(1)} ${res.statusCode}`);
          if (res.statusCode! < 200 || res.statusCode! >= 300) non2xx++;
          resolve();
        });
      });
      let timedOut = false;
      req.on("timeout", () => {
        timedOut = true;
        timeouts++;
        req.destroy();
      });
      req.on("error", () => {
        if (!timedOut) errors++;
        resolve();
      });
      req.end();
    });

  await new Promise<void>((finish) => {
    const tick = () => {
      const now = performance.now();
      // Everything due by now goes out now, each stamped with its own due time.
      while (sent < total && start + (sent * 1000) / opts.rate <= now) {
        const dueAt = start + (sent * 1000) / opts.rate;
        sent++;
        if (sent - done - shed > maxInFlight) {
          shed++;
          errors++;
          if (done + shed === total) finish();
          continue;
        }
        void send(dueAt).then(() => {
          if (++done + shed === total) finish();
        });
      }
      if (sent < total) setTimeout(tick, Math.max(0, start + (sent * 1000) / opts.rate - performance.now()));
    };
    tick();
  });
  if (timeline) fs.appendFileSync(process.env.BENCH_TIMELINE!, `# ${opts.rate} req/s ${opts.seconds} s from ${(performance.timeOrigin + start).toFixed(0)}\n${timeline.join("\n")}\n`);
  const elapsedSec = (performance.now() - start) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return {
    latency: { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? NaN, average: sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length) },
    // Completed responses over the time until the last one came back.
    requests: { average: latencies.length / elapsedSec, total: latencies.length },
    errors,
    timeouts,
    non2xx,
  };
}
