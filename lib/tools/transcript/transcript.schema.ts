import { z } from "zod";
import { safeId } from "@/lib/server/text";

// Requests of the transcript tool (app/api/tools/transcript). The link's own rules are
// lib/links/link.schema.ts (checked in the service, for the catalogue's messages).
export const startTranscriptBody = z.object({ url: z.string().max(4096) });
export const transcriptParams = z.object({ id: safeId });
