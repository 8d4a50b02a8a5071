import "server-only";
import type { IncomingMessage, Server as HttpServer } from "node:http";
import type { Duplex } from "node:stream";
import { Database } from "@hocuspocus/extension-database";
import { Redis } from "@hocuspocus/extension-redis";
import { Hocuspocus } from "@hocuspocus/server";
import { WebSocketServer, type RawData } from "ws";
import { env } from "@/lib/server/env";
import { logger } from "@/lib/server/logger";
import { watchCollabConnections } from "./connection-watch";
import { parseCollabDocumentName, type CollabPart } from "./convert";
import { loadDocumentState, storeDocumentState } from "./documents";
import { authenticateCollab, recheckCollab, type CollabContext } from "./socket-access";

export type { CollabContext } from "./socket-access";

// The co-editing server: Hocuspocus 4 inside the web's own process and port (server.ts),
// reached by the browser at COLLAB_PATH on the app's origin. One Yjs document per task part.

/** The websocket path; it is no page or route of the app. */
export const COLLAB_PATH = "/collab";

/** Largest websocket message (a whole long transcript's first sync fits well within it). */
const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

function contextOf(documentName: string): { taskId: string; part: CollabPart } {
  const doc = parseCollabDocumentName(documentName);
  if (!doc) throw new Error(`not a co-editing document: ${documentName}`);
  return doc;
}

export interface CollabServerOptions {
  /** Join other processes through Redis (default true). */
  redis?: boolean;
  /** A message re-checks its connection when the last check is older than this (default MESSAGE_RECHECK_MS). */
  recheckMs?: number;
  /** The timer re-checks every connection last checked this long ago (default CONNECTION_RECHECK_MS, 15 s). */
  connectionRecheckMs?: number;
}

/**
 * A Hocuspocus instance: connections authenticated per document and re-checked while they live
 * (lib/collab/connection-watch.ts), state kept in PostgreSQL (seeded from the task the first
 * time), and the Redis extension so that several web processes serve one document together.
 */
export function createCollabServer(options: CollabServerOptions = {}): Hocuspocus<CollabContext> {
  const extensions = [
    new Database({
      fetch: async ({ documentName }) => {
        const { taskId, part } = contextOf(documentName);
        return loadDocumentState(taskId, part);
      },
      store: async ({ documentName, state }) => {
        const { taskId, part } = contextOf(documentName);
        await storeDocumentState(taskId, part, state);
      },
    }),
  ];
  if (options.redis !== false) {
    extensions.push(new Redis({ ...redisTarget(env().REDIS_URL), prefix: `${env().REDIS_PREFIX}:collab` }) as unknown as Database);
  }
  const watch: { stop?: () => Promise<void> } = {};
  const hocuspocus = new Hocuspocus<CollabContext>({
    name: `web-${process.pid}`,
    quiet: true,
    // Stored at most a second after the typing stops, at the latest every 10 s while it goes on.
    debounce: 1000,
    maxDebounce: 10_000,
    extensions,
    onAuthenticate: authenticateCollab,
    beforeHandleMessage: ({ context }) => recheckCollab(context, options.recheckMs),
    onDestroy: async () => {
      await watch.stop?.();
    },
  });
  watch.stop = watchCollabConnections(hocuspocus, { everyMs: options.connectionRecheckMs });
  return hocuspocus;
}

/**
 * The app's REDIS_URL as the extension's host, port and options: it brings its own ioredis
 * (5.x), so it makes its connections itself. Reconnects like the app's (lib/server/redis.ts).
 */
function redisTarget(url: string) {
  const u = new URL(url);
  const db = Number(u.pathname.slice(1) || 0);
  return {
    host: u.hostname || "127.0.0.1",
    port: Number(u.port || 6379),
    options: {
      username: u.username ? decodeURIComponent(u.username) : undefined,
      password: u.password ? decodeURIComponent(u.password) : undefined,
      db: Number.isInteger(db) ? db : 0,
      tls: u.protocol === "rediss:" ? {} : undefined,
      retryStrategy: (times: number) => Math.min(times * 50, 1000),
    },
  };
}

function webRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers.set(key, Array.isArray(value) ? value.join(", ") : value);
  }
  return new Request(new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`), { headers });
}

function bytes(data: RawData): Uint8Array {
  if (Array.isArray(data)) return new Uint8Array(Buffer.concat(data));
  return data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/**
 * Serves websocket upgrades on COLLAB_PATH from `httpServer`. Other upgrades are left to
 * other listeners (Next's hot reload in development) or, with `closeOthers`, closed.
 */
export function attachCollab(httpServer: HttpServer, hocuspocus: Hocuspocus<CollabContext>, options: { closeOthers?: boolean } = {}): WebSocketServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  httpServer.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path !== COLLAB_PATH) {
      if (options.closeOthers) socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      // Hocuspocus 4 leaves the socket's events to us: forward messages and the close.
      const connection = hocuspocus.handleConnection(ws, webRequest(req));
      ws.on("message", (data) => connection.handleMessage(bytes(data)));
      ws.on("close", (code, reason) => connection.handleClose({ code, reason: reason.toString() }));
      ws.on("error", (error) => logger.warn("collab websocket error", { err: error.message }));
    });
  });
  return wss;
}

/**
 * Stops serving: pending stores run, sockets close, documents unload (stored, unsubscribed)
 * within `waitMs`, then the extensions' Redis connections close.
 */
export async function closeCollab(hocuspocus: Hocuspocus<CollabContext>, wss: WebSocketServer, waitMs = 5000): Promise<void> {
  hocuspocus.flushPendingStores();
  hocuspocus.closeConnections();
  for (const ws of wss.clients) ws.terminate();
  const deadline = Date.now() + waitMs;
  while (hocuspocus.getDocumentsCount() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  await hocuspocus.hooks("onDestroy", { instance: hocuspocus });
}
