// Settings for the loopback servers of the kill and restart drills (loopback-services.ts).
// Called from a drill's .env.ts, before lib/server/env.ts reads and caches them; the
// spawned worker inherits them. Imports nothing, so nothing reads settings too early.

export interface LoopbackPorts {
  speech: number;
  ai: number;
  site: number;
}

/** Points speech, AI and link imports at loopback servers on these ports; a dead worker's job is taken over in 3 s. */
export function pointAtLoopbackServices(ports: LoopbackPorts): LoopbackPorts {
  Object.assign(process.env, {
    SPEECH_ENGINE: "openai",
    SPEECH_API_BASE_URL: `http://127.0.0.1:${ports.speech}/v1`,
    SPEECH_API_KEY: "sk-loopback",
    SPEECH_MODEL: "whisper-loopback",
    SPEECH_API_MAX_RETRIES: "0",
    AI_BASE_URL: `http://127.0.0.1:${ports.ai}/v1`,
    AI_API_KEY: "sk-loopback-ai",
    AI_MODEL: "fake-model",
    AI_TIMEOUT_MS: "5000",
    AI_MAX_RETRIES: "0",
    APP_URL: "http://127.0.0.1:3000",
    LINK_IMPORT_TEST_HOSTS: `127.0.0.1:${ports.site}`,
    LINK_IMPORT_RATE_PER_HOUR: "10000",
    WORKER_LOCK_MS: "3000",
  });
  return ports;
}
