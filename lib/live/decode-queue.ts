import "server-only";
import { enqueue } from "@/lib/jobs/contract";
import { logger } from "@/lib/server/logger";

/** Makes sure the session's live decoder runs (a no-op while its job waits or runs). Never fails a chunk. */
export async function startLiveDecoding(sessionId: string): Promise<void> {
  await enqueue("live.decode", { sessionId, locale: "en" }, { jobKey: sessionId }).catch((e: unknown) => logger.warn("live decoder not started", { sessionId, error: e instanceof Error ? e.message : String(e) }));
}
