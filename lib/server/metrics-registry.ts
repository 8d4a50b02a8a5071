import "server-only";
import { Histogram, Registry } from "prom-client";

/**
 * The web process's Prometheus registry (prom-client). Registering a metric
 * twice throws, and Next may load this module more than once, so the registry
 * and its metrics live on globalThis. lib/ops/metrics.ts adds the series read
 * from PostgreSQL and Redis when /api/metrics is asked.
 */
type Metrics = { registry: Registry; httpLatency: Histogram<"method" | "route" | "status"> };
const g = globalThis as unknown as { tingjiMetrics?: Metrics };

export function metrics(): Metrics {
  if (!g.tingjiMetrics) {
    const registry = new Registry();
    const httpLatency = new Histogram({
      name: "tingji_http_request_duration_seconds",
      help: "API answer time per route (its pattern, e.g. /api/transcription/tasks/[id]), method and HTTP status.",
      labelNames: ["method", "route", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    g.tingjiMetrics = { registry, httpLatency };
  }
  return g.tingjiMetrics;
}

/** The route's pattern from its path and params: ids become [name], so the label set stays small. */
export function routePattern(pathname: string, params: Record<string, string | string[]> | undefined): string {
  let route = pathname;
  for (const [name, value] of Object.entries(params ?? {})) {
    const parts = Array.isArray(value) ? value : [value];
    if (parts.length === 0) continue;
    const joined = parts.map(encodeURIComponent).join("/");
    route = route.replace(`/${joined}`, Array.isArray(value) ? `/[...${name}]` : `/[${name}]`);
  }
  return route;
}
