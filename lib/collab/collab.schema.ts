import { z } from "zod";
import { safeId, safeText } from "@/lib/server/text";
import { parseMainlandPhone } from "@/lib/auth/phone.schema";

// Request shapes of the collaboration routes. No server imports: the browser's forms use them too.
export const documentParams = z.object({ id: safeId });
export const collaboratorParams = z.object({ id: safeId, userId: safeId });

/** An email (international edition) or a phone number (China edition); its format is checked per edition. */
export const addCollaboratorBody = z.object({ user_identifier: safeText({ max: 254, trim: true }) });

export const sharedListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
});

// A practical email shape (the login form's zod .email() is stricter about the
// domain; both refuse spaces and missing parts).
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type Identifier = { kind: "email"; value: string } | { kind: "phone"; value: string };

/** The identifier in its stored form, or null when it is not a valid email / phone number. */
export function parseIdentifier(raw: string, edition: "international" | "china"): Identifier | null {
  const text = raw.trim();
  if (edition === "china") {
    // The one mainland-number rule, shared with phone login.
    const phone = parseMainlandPhone(text);
    return phone ? { kind: "phone", value: phone } : null;
  }
  return EMAIL.test(text) && text.length <= 254 ? { kind: "email", value: text.toLowerCase() } : null;
}
