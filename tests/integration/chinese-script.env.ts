// Imported first by chinese-script.test.ts: speech goes to an OpenAI-compatible server on loopback.
import { pointSpeechAtLoopback } from "@/tests/helpers/loopback-speech-env";

export const SPEECH_PORT = pointSpeechAtLoopback();
