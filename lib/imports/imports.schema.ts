import { z } from "zod";

// Request shapes of the import routes. No server imports: the browser may use them.
export const pasteTextBody = z.object({ text: z.string().max(5_000_000), title: z.string().max(200).optional() });
export const importLinkBody = z.object({ url: z.string().max(4096) });
export const joinMeetingBody = z.object({ meeting_url: z.string().max(4096) });
