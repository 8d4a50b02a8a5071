// Request shapes of the share routes. No server imports.
import { z } from "zod";
import { safeId, safeText } from "@/lib/server/text";

export const shareTaskParams = z.object({ id: safeId });

/** PUT share_toggle: `enabled` switches the link (left out: flips it); `allowIndexing` is the search-engine opt-in. */
export const shareToggleBody = z.object({
  enabled: z.boolean().optional(),
  allowIndexing: z.boolean().optional(),
});
export type ShareToggle = z.infer<typeof shareToggleBody>;

// Path segments of the public routes: any text up to a sane length; only the token in them counts.
const segment = safeText({ min: 1, max: 400 });

/** GET /api/transcription/share/{date}/{slugToken}: slugToken is "<slug>-<token>" (or the token). */
export const sharedLinkParams = z.object({ date: segment, slugToken: segment });

/** GET /api/transcription/tasks/title/{title}/{date}: title is "<slug>-<token>" (or the token). */
export const sharedTitleParams = z.object({ title: segment, date: segment });
