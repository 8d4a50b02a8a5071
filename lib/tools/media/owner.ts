import "server-only";
import type { NextRequest } from "next/server";
import type { Caller } from "@/lib/auth/session";
import { ok } from "@/lib/api/respond";
import { prisma } from "@/lib/server/prisma";
import { visitorIdOf, visitorKeyOf, visitorOf } from "@/lib/tools/visitor";

/** Whose media tools files a request may see: a signed-in user's, or an anonymous visitor's. */
export interface ToolOwner {
  userId: string | null;
  visitorKey: string | null;
  /** Set-Cookie for a visitor met for the first time. */
  setCookie: string | null;
}

/**
 * A signed-in caller owns by account; the files their browser made while signed out (same visitor cookie)
 * move to the account, so "transcribe this" after logging in finds its file and the history follows the account.
 * Anyone else is a visitor (a new one gets a cookie).
 */
export async function toolOwner(req: NextRequest, caller: Caller | null): Promise<ToolOwner> {
  if (caller) {
    const visitorId = visitorIdOf(req);
    if (visitorId) await prisma.processedMediaFile.updateMany({ where: { visitorKey: visitorKeyOf(visitorId), userId: null }, data: { userId: caller.user.id } });
    return { userId: caller.user.id, visitorKey: null, setCookie: null };
  }
  const visitor = visitorOf(req);
  return { userId: null, visitorKey: visitor.key, setCookie: visitor.setCookie };
}

/** The owner in every query's where. */
export function ownedBy(owner: Pick<ToolOwner, "userId" | "visitorKey">) {
  return owner.userId ? { userId: owner.userId } : { userId: null, visitorKey: owner.visitorKey ?? "-" };
}

/** The answer's envelope, with the new visitor's cookie when there is one. */
export function withVisitorCookie(owner: ToolOwner, data: unknown): unknown {
  return owner.setCookie ? ok(data, "ok", { headers: { "set-cookie": owner.setCookie } }) : data;
}
