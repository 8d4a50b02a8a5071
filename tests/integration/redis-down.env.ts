// Imported first by redis-down.test.ts: Redis at a port where nothing listens
// (never the machine's Redis: other test files share it).
process.env.REDIS_URL = "redis://127.0.0.1:1";
export {};
