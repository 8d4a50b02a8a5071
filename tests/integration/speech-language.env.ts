// Imported first by speech-language.test.ts: settings must be in place before lib/server/env.ts reads them.
// The embedded engine (no speech service), and a loopback meeting-bot provider so a meeting can be asked for.
import { loopbackPort } from "@/tests/helpers/ports";

export const BOT_PORT = loopbackPort();
export const BOT_KEY = "bot-key-speech-language";
delete process.env.SPEECH_API_BASE_URL;
process.env.SPEECH_ENGINE = "pocketsphinx";
process.env.MEETING_BOT_API_URL = `http://127.0.0.1:${BOT_PORT}`;
process.env.MEETING_BOT_API_KEY = BOT_KEY;
