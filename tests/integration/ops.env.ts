// Imported first by ops.test.ts: settings read once by lib/server/env.ts.
export const METRICS_TOKEN = "ops-test-metrics-7f3a9c1e5b2d48e6a0c4f9b1d3e5a7c9";
process.env.METRICS_TOKEN = METRICS_TOKEN;
// The local analyzer answers any analysis job.
delete process.env.AI_BASE_URL;
delete process.env.AI_API_KEY;
