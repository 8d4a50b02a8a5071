// Imported first by live-max-length.test.ts: a one-minute recording limit (the smallest the settings
// allow) and 2-second chunks, so the limit is reached with 30 chunks.
process.env.LIVE_MAX_SECONDS = "60";
process.env.LIVE_CHUNK_SECONDS = "2";
