// Imported first by voice-profiles-provider.test.ts: speech goes to a diarizing OpenAI-compatible API on loopback.
import { pointSpeechAtLoopback } from "@/tests/helpers/loopback-speech-env";

export const SPEECH_PORT = pointSpeechAtLoopback();
process.env.SPEECH_MODEL = "gpt-4o-transcribe-diarize";
