import "server-only";
import { AppError } from "@/lib/server/errors";
import type { Edition } from "@/lib/edition/edition";
import { otherEditionUrl } from "@/lib/verify/region";

/**
 * An account belongs to the edition it was made on (`User.edition`, set at creation from the
 * sign-in's host). On the other edition's host its sign-in, its bearer token, its MCP keys and its
 * co-editing socket are refused with the region access notice (`auth.wrongEdition`, 403, with
 * `registered_edition` and the other edition's address). Called where a credential becomes a
 * user: `authenticate` and `findOrCreateUser` (lib/auth), `keyHolder` (lib/api-keys).
 */
export function requireHomeEdition(user: { edition: Edition }, edition: Edition): void {
  if (user.edition === edition) return;
  throw new AppError("auth.wrongEdition", { edition: user.edition }, { registered_edition: user.edition, suggested_url: otherEditionUrl(edition) });
}
