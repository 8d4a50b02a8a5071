import "server-only";
import { Prisma } from "@/lib/server/prisma";

/** A unique-constraint violation: another request (or an earlier one) already wrote this row. */
export function isUniqueViolation(e: unknown): boolean {
  return e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002";
}
