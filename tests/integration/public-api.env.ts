// Imported first by public-api.test.ts: a small per-key rate limit, so the 429 is reached quickly.
process.env.API_REQUESTS_PER_MINUTE = "25";
export {};
