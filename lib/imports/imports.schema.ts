import { z } from "zod";
import { safeText } from "@/lib/server/text";

// Request shapes of the import routes. No server imports: the browser may use them.
export const PASTE_TEXT_MAX_CHARS = 5_000_000;
/** The paste route's JSON body cap: 5,000,000 characters at up to 4 bytes each in UTF-8 (lib/api/handler.ts). */
export const PASTE_TEXT_BODY_LIMIT_BYTES = 20 * 1024 * 1024;
export const pasteTextBody = z.object({ text: safeText({ max: PASTE_TEXT_MAX_CHARS, multiline: true }), title: safeText({ max: 200 }).optional() });
// A link's own rules (lib/links/link.schema.ts) refuse control characters with their own message.
// `spoken_language`: absent means the caller's interface language (lib/tasks/spoken-language.ts checks the value).
const spokenLanguage = z.string().max(16).optional();
export const importLinkBody = z.object({ url: z.string().max(4096), spoken_language: spokenLanguage });
export const joinMeetingBody = z.object({ meeting_url: safeText({ max: 4096, trim: true }), spoken_language: spokenLanguage });
