// jest setupFiles: runs before any module of a test file is loaded, so that
// lib/server/env.ts sees this file's own DATABASE_URL and REDIS_PREFIX. See tests/helpers/db.ts.
import { assignTestFileResources } from "./db";

assignTestFileResources();
// A small proof-of-work: tests solve a human check for every sign-in start (tests/helpers/human.ts).
process.env.ALTCHA_MAX_NUMBER ??= "40";
