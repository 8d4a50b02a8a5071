// Imported first by live-service.test.ts: speech goes to the loopback OpenAI-compatible server the test runs.
import { pointSpeechAtLoopback } from "@/tests/helpers/loopback-speech-env";
export const SPEECH_PORT = pointSpeechAtLoopback();
