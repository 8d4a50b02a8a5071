// Imported first by reliability-cancel.test.ts: settings must be in place before
// lib/server/env.ts reads (and caches) them; the worker process inherits them.
import { pointSpeechAtLoopback } from "@/tests/helpers/loopback-speech-env";

export const SPEECH_PORT = pointSpeechAtLoopback();
process.env.WORKER_LOCK_MS = "4000";
// A stopping worker waits at most this long for its jobs.
process.env.WORKER_SHUTDOWN_MS = "3000";
