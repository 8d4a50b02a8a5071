// Imported first by analysis-local.test.ts: settings must be in place before lib/server/env.ts reads them.
// No AI provider: the local analyzer answers. Steps linger a little so the test can watch them advance.
delete process.env.AI_BASE_URL;
delete process.env.AI_API_KEY;
process.env.ANALYSIS_MIN_STEP_MS = "120";
export {};
