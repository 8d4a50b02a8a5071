import "server-only";
import { prisma } from "@/lib/server/prisma";
import type { Edition } from "@/lib/edition/edition";
import type { ComplianceAnswer } from "./verify.schema";
import { otherEditionUrl } from "./region";

/**
 * The region access notice (product scope, API contract compliance check): an address registered on the other
 * edition is advised to sign in there. Unknown addresses and this edition's own are compliant, so
 * the answer tells nothing more than "this address has an account over there".
 */
export async function complianceFor(email: string, edition: Edition): Promise<ComplianceAnswer> {
  const registered = await findEditionByEmail(email);
  if (!registered || registered === edition) return { compliant: true };
  return { compliant: false, registered_edition: registered, suggested_url: otherEditionUrl(edition) };
}

/** The edition an email's account was registered on, or null when there is none (the compliance check). */
export async function findEditionByEmail(email: string): Promise<Edition | null> {
  const user = await prisma.user.findUnique({ where: { email: email.trim().toLowerCase() }, select: { edition: true } });
  return user?.edition ?? null;
}
