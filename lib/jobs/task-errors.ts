import "server-only";

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
