// Imported first by reliability.test.ts: settings must be in place before
// lib/server/env.ts reads (and caches) them.
import { pointSpeechAtLoopback } from "@/tests/helpers/loopback-speech-env";

export const SPEECH_PORT = pointSpeechAtLoopback();
// Take over a dead worker's job quickly.
process.env.WORKER_LOCK_MS = "4000";
