import "server-only";
import { translatorFor } from "@/lib/i18n/server";

/**
 * A task failure that retrying will not mend (unreadable media, no speech, a
 * private video, a bot that was never let in): the job fails at once, and the
 * task shows `code`'s message (tasks.failure.<code>) with these suggestions.
 */
export class PermanentTaskError extends Error {
  constructor(
    readonly code: string,
    readonly suggestions: string[],
  ) {
    super(code);
    this.name = "PermanentTaskError";
  }
}

/**
 * The error fields a failed task (or analysis) shows: `code`'s message and description
 * in the owner's language, the suggestions, and which attempt and job failed.
 */
export async function taskErrorFields(code: string, suggestions: string[], ctx: { locale: string; attempts: number; requestId: string }) {
  const { t } = await translatorFor(ctx.locale);
  return {
    errorCode: code,
    errorMessage: t(`tasks.failure.${code}.message`),
    errorDescription: t(`tasks.failure.${code}.description`),
    errorSuggestions: suggestions,
    retryCount: ctx.attempts,
    requestId: ctx.requestId,
  };
}
