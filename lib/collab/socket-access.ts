import "server-only";
import type { onAuthenticatePayload } from "@hocuspocus/server";
import { authenticate } from "@/lib/auth/session";
import type { Edition } from "@/lib/edition/edition";
import { editionOfRequest } from "@/lib/edition/request-edition";
import { parseCollabDocumentName, type CollabPart } from "./convert";
import { collabPermission, type CollabRole } from "@/lib/tasks/permission";

// Who may hold a co-editing connection: a live session behind the token, and the owner's or a
// collaborator's role on the task. Asked when the connection opens and again while it lives
// (lib/collab/connection-watch.ts, and the first message after MESSAGE_RECHECK_MS).

export interface CollabContext {
  userId: string;
  taskId: string;
  part: CollabPart;
  role: CollabRole;
  /** The provider's bearer token, kept in memory only: the re-check asks whether its session still lives. */
  token: string;
  /** The edition of the host the socket was opened on: a token is only good on its account's edition. */
  edition: Edition;
  /** When the permission was last confirmed (ms since epoch). */
  checkedAt: number;
  /** A re-check in flight, so the timer, an announcement and a message never run two at once. */
  checking?: Promise<void>;
}

export type CollabRefusalReason = "collab.loginRequired" | "collab.permissionDenied";

/** A refusal the provider receives (`permission-denied`, or the close message) with this catalogue key as its reason. */
export function refuse(reason: CollabRefusalReason): Error & { reason: CollabRefusalReason } {
  return Object.assign(new Error(reason), { reason });
}

/** How long a permission is trusted before a message from the connection checks it again. */
export const MESSAGE_RECHECK_MS = 5_000;

/** Token first, then the task's permission check: a stranger is refused at the socket. */
export async function authenticateCollab({ token, documentName, requestHeaders }: Pick<onAuthenticatePayload, "token" | "documentName"> & { requestHeaders?: Headers }): Promise<CollabContext> {
  const doc = parseCollabDocumentName(documentName);
  const edition = editionOfSocket(requestHeaders);
  const caller = await callerOf(token, edition);
  if (!caller) throw refuse("collab.loginRequired");
  const role = doc ? await collabPermission(doc.taskId, caller.user.id) : null;
  if (!doc || !role) throw refuse("collab.permissionDenied");
  return { userId: caller.user.id, taskId: doc.taskId, part: doc.part, role, token, edition, checkedAt: Date.now() };
}

/** The socket's host decides the edition, as it does for the API (lib/edition). */
function editionOfSocket(headers: Headers | undefined): Edition {
  return editionOfRequest(headers);
}

/** The same check as the API's: a live session behind the bearer token, on its account's edition. */
async function callerOf(token: string | undefined, edition: Edition) {
  if (!token) return null;
  try {
    return await authenticate(`Bearer ${token}`, { locale: "en", edition });
  } catch {
    // The other edition's account: no login here (the API answers the region access notice).
    return null;
  }
}

/**
 * A signed-out (or revoked) session, a removed collaborator or a deleted task loses the socket
 * too. Checks the token's session and the permission again once `olderThanMs` has passed since
 * the last check; throws the refusal when either is gone.
 */
export async function recheckCollab(context: CollabContext, olderThanMs = MESSAGE_RECHECK_MS): Promise<void> {
  if (Date.now() - context.checkedAt < olderThanMs) return;
  context.checking ??= (async () => {
    try {
      const caller = await callerOf(context.token, context.edition);
      if (!caller || caller.user.id !== context.userId) throw refuse("collab.loginRequired");
      if (!(await collabPermission(context.taskId, context.userId))) throw refuse("collab.permissionDenied");
      context.checkedAt = Date.now();
    } finally {
      context.checking = undefined;
    }
  })();
  await context.checking;
}
