import "server-only";
import { AppError } from "@/lib/server/errors";
import { meterLimit, type Meter } from "@/lib/rate-limit/rate-limit";
import { authenticate, type Caller } from "@/lib/auth/session";
import type { Edition } from "@/lib/edition/edition";
import type { ApiKeyScope } from "./api-keys.schema";
import { bearerApiKey, keyHolder } from "./keys.service";

/**
 * Who calls a public API route (/api/v1): an API key holding `scope`, or a signed-in session (the
 * account panel uses the same routes; a session may do what its user may). Every call takes a point
 * of the per-key rate limit (per user for a session); the meter goes out as RateLimit headers.
 * An unknown, deleted or no longer Pro key is a 401 at once: keys are looked up on every call.
 */
export async function programCaller(authorization: string | null, scope: ApiKeyScope, ctx: { locale: string; edition: Edition }): Promise<{ caller: Caller; meter: Meter }> {
  const key = bearerApiKey(authorization);
  let caller: Caller | null;
  let meterKey: string;
  if (key) {
    const holder = await keyHolder(key, ctx.edition);
    if (!holder) throw new AppError("common.unauthorized");
    if (!holder.scopes.includes(scope)) throw new AppError("apiKeys.scopeMissing", { scope });
    caller = { user: holder.user, sessionId: `key:${holder.keyId}`, deviceId: "api" };
    meterKey = `key:${holder.keyId}`;
  } else {
    caller = await authenticate(authorization, ctx);
    if (!caller) throw new AppError("common.unauthorized");
    meterKey = `user:${caller.user.id}`;
  }
  return { caller, meter: await meterLimit("apiPerKey", meterKey) };
}
