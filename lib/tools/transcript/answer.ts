import "server-only";
import { ok } from "@/lib/api/respond";
import type { Visitor } from "@/lib/tools/visitor";

/** An envelope answer that also sets the visitor cookie when the visitor is new (lib/tools/visitor.ts). */
export function visitorAnswer(data: unknown, visitor: Visitor): Response {
  const res = ok(data);
  if (visitor.setCookie) res.headers.append("set-cookie", visitor.setCookie);
  return res;
}
