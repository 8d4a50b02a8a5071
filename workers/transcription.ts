import "server-only";
import { runDocumentImport } from "@/lib/imports/documents.service";
import { fetchLinkMedia } from "@/lib/imports/link.service";
import { watchMeeting } from "@/lib/imports/meeting.service";
import { finalTaskError } from "@/lib/jobs/failures";
import { markTranscriptionFailed, runTranscription } from "@/lib/tasks/pipeline";
import { applyVoiceProfiles } from "@/lib/voice-profiles/apply";
import { knownSpeakersFor } from "@/lib/voice-profiles/references";
import { jobRunner } from "./run-job";

// Runners for the jobs that end in a transcript. A final failure is recorded
// with the classified code (a link's own message for a site that could not be
// reached, "check the file" for media ffmpeg cannot decode, ...).
const failTask = (payload: { taskId: string }, error: unknown, ctx: { locale: string; attempts: number; requestId: string }) =>
  markTranscriptionFailed(payload.taskId, finalTaskError(error), ctx);

export const runTranscriptionJob = jobRunner("transcription.run", (p, signal) => runTranscription(p.taskId, { locale: p.locale, signal, fetchMedia: fetchLinkMedia, nameSpeakers: applyVoiceProfiles, knownSpeakers: knownSpeakersFor }), failTask);
export const runDocumentImportJob = jobRunner("document.import", (p) => runDocumentImport(p.taskId), failTask);
export const runMeetingWatchJob = jobRunner("meeting.watch", (p, signal) => watchMeeting(p.taskId, { locale: p.locale, signal }), failTask);
