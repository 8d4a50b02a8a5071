import { z } from "zod";

// Request shapes of the live recording routes (docs/live.md).

export const liveSessionParams = z.object({ id: z.string().min(1).max(64) });
export const liveChunkParams = liveSessionParams.extend({ seq: z.coerce.number().int().min(0).max(10_000_000) });

export const newLiveSessionBody = z.object({
  source: z.enum(["mic", "tab", "mix"]),
  spokenLanguage: z.string().max(16).optional(),
  title: z.string().max(200).optional(),
  folderId: z.string().max(64).nullish(),
});

export const liveListQuery = z.object({ open: z.enum(["0", "1"]).optional() });
export const liveMarkBody = z.object({ atSec: z.number().finite().min(0) });
export const liveFinishBody = z.object({ lastSeq: z.number().int().min(-1).max(10_000_000) });

/** Every live JSON body is small. */
export const LIVE_JSON_LIMIT_BYTES = 4 * 1024;
