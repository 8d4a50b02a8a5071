import "server-only";
import type { Connection, Hocuspocus } from "@hocuspocus/server";
import { accessChangeConcerns, watchAccessChanges, type AccessChange } from "@/lib/server/access-changes";
import { logger } from "@/lib/server/logger";
import { recheckCollab, type CollabContext, type CollabRefusalReason } from "./socket-access";

// Keeps every open co-editing connection honest while it lives. Hocuspocus checks a token once,
// when a document is opened; its idle timer is reset by any frame (even a refused Auth for another
// document), and `beforeHandleMessage` runs only for the document's own messages. So a removed
// collaborator or a signed-out session could keep receiving the others' edits. Here:
//   - an announcement (lib/server/access-changes.ts: sign-out, session revoked, collaborator
//     removed, task deleted; from any web process) re-checks the connections it names at once;
//   - a server timer re-checks every connection whose last check is older than `everyMs`.
// A connection refused either way is closed with the catalogue reason, and so is its socket once
// no document on it is still allowed.

/** How often, at the longest, an open connection's session and permission are checked again. */
export const CONNECTION_RECHECK_MS = 15_000;

const CLOSE_CODES: Record<CollabRefusalReason, number> = {
  // Application close codes (4000-4999): "unauthorized" and "forbidden".
  "collab.loginRequired": 4401,
  "collab.permissionDenied": 4403,
};

type CollabConnection = Connection<CollabContext>;

function openConnections(hocuspocus: Hocuspocus<CollabContext>): CollabConnection[] {
  const all: CollabConnection[] = [];
  for (const document of hocuspocus.documents.values()) {
    for (const connection of document.getConnections()) if (connection.context?.userId) all.push(connection as CollabConnection);
  }
  return all;
}

/**
 * Closes a refused connection: its document first (the provider gets the reason as a close
 * message), then the socket when nothing else it carries is still open, so a client that keeps
 * sending frames keeps nothing.
 */
export function closeRefused(hocuspocus: Hocuspocus<CollabContext>, connection: CollabConnection, reason: CollabRefusalReason): void {
  const code = CLOSE_CODES[reason];
  connection.close({ code, reason });
  const socket = connection.webSocket;
  const stillOpen = openConnections(hocuspocus).some((other) => other.webSocket === socket);
  if (!stillOpen && socket.readyState === 1) socket.close(code, reason);
}

async function recheck(hocuspocus: Hocuspocus<CollabContext>, connection: CollabConnection, olderThanMs: number): Promise<void> {
  try {
    await recheckCollab(connection.context, olderThanMs);
  } catch (error) {
    const reason = (error as { reason?: unknown }).reason;
    if (reason === "collab.loginRequired" || reason === "collab.permissionDenied") {
      closeRefused(hocuspocus, connection, reason);
      return;
    }
    // The database did not answer: keep the connection, the next round asks again.
    logger.warn("collab re-check failed", { error: error instanceof Error ? error.message : String(error) });
  }
}

/** Re-checks at once every open connection `change` names (whatever their last check). */
export async function recheckAnnounced(hocuspocus: Hocuspocus<CollabContext>, change: AccessChange): Promise<void> {
  const named = openConnections(hocuspocus).filter((c) => accessChangeConcerns(change, c.context.userId, c.context.taskId));
  await Promise.all(named.map((c) => recheck(hocuspocus, c, 0)));
}

/** Re-checks every open connection last confirmed `everyMs` ago or more. */
export async function recheckDue(hocuspocus: Hocuspocus<CollabContext>, everyMs: number): Promise<void> {
  const due = openConnections(hocuspocus).filter((c) => Date.now() - c.context.checkedAt >= everyMs);
  await Promise.all(due.map((c) => recheck(hocuspocus, c, everyMs)));
}

/** Starts the timer and the announcement listener; the returned function stops both. */
export function watchCollabConnections(hocuspocus: Hocuspocus<CollabContext>, options: { everyMs?: number; announcements?: boolean } = {}): () => Promise<void> {
  const everyMs = options.everyMs ?? CONNECTION_RECHECK_MS;
  let sweeping = false;
  // Ticks at a fraction of the period, so each connection is re-checked within everyMs of its last check.
  const timer = setInterval(
    () => {
      if (sweeping) return;
      sweeping = true;
      void recheckDue(hocuspocus, everyMs).finally(() => (sweeping = false));
    },
    Math.max(50, Math.floor(everyMs / 5)),
  );
  timer.unref();
  const stopListening = options.announcements === false ? async () => undefined : watchAccessChanges((change) => void recheckAnnounced(hocuspocus, change));
  return async () => {
    clearInterval(timer);
    await stopListening();
  };
}
