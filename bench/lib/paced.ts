import http from "node:http";

/** What a run measured, in the shape the load bench reads from autocannon. */
export interface PacedResult {
  latency: { p50: number; p99: number; average: number; max: number };
  requests: { average: number; total: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

/**
 * An open-loop load at an even rate: request i is due at start + i/rate, and is sent then on a keep-alive
 * connection of its own choosing (at most `maxInFlight` at once). Its latency counts from when it was due,
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
  next: () => { path: string; headers?: Record<string, string> };
  maxInFlight?: number;
  timeoutMs?: number;
}): Promise<PacedResult> {
  const target = new URL(opts.url);
  // Past this many unanswered requests, new ones are not sent but counted as errors (shed, as a balancer would):
  // an open loop against a route slower than the rate would otherwise pile up work the server still does after
  // the run, and spoil the next row.
  const maxInFlight = opts.maxInFlight ?? 64;
  const agent = new http.Agent({ keepAlive: true, maxSockets: maxInFlight });
  const total = Math.round(opts.rate * opts.seconds);
  const latencies: number[] = [];
  let errors = 0;
  let timeouts = 0;
  let non2xx = 0;
  let sent = 0;
  let done = 0;
  let shed = 0;
  const start = performance.now();

  const send = (dueAt: number) =>
    new Promise<void>((resolve) => {
      const { path, headers } = opts.next();
      const req = http.request({ host: target.hostname, port: target.port, path, agent, headers, timeout: opts.timeoutMs ?? 10_000 }, (res) => {
        res.resume();
        res.on("end", () => {
          latencies.push(performance.now() - dueAt);
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
  agent.destroy();
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
