import "server-only";
import { findEditionByEmail } from "@/lib/auth/users";
import type { Edition } from "@/lib/edition/edition";
import type { ComplianceAnswer } from "./verify.schema";
import { otherEditionUrl } from "./region";

/**
 * The region access notice (spec §1, §7 compliance check): an address registered on the other
 * edition is advised to sign in there. Unknown addresses and this edition's own are compliant, so
 * the answer tells nothing more than "this address has an account over there".
 */
export async function complianceFor(email: string, edition: Edition): Promise<ComplianceAnswer> {
  const registered = await findEditionByEmail(email);
  if (!registered || registered === edition) return { compliant: true };
  return { compliant: false, registered_edition: registered, suggested_url: otherEditionUrl(edition) };
}
