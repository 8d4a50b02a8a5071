import "server-only";
import path from "node:path";
import { createBullBoard } from "@bull-board/api";
import { BullMQAdapter } from "@bull-board/api/bullMQAdapter";
import { HonoAdapter } from "@bull-board/hono";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { queue, queues, queuesReplaced } from "@/lib/jobs/contract";
import { BOARD_PATH } from "./admin";

/**
 * The queue dashboard (@bull-board over every BullMQ queue of lib/jobs/contract.ts): waiting,
 * active, failed, delayed and completed jobs, retry and remove. There is no Next adapter: the
 * Hono one runs inside the catch-all route handler app/admin/queues/[[...path]]/route.ts,
 * which checks the admin's dashboard cookie before it gets here. Built once per process (and again
 * when a Queue is replaced).
 */
const g = globalThis as unknown as { tingjiQueueBoard?: Hono; tingjiQueueBoardQueues?: number };

export function queueBoard(): Hono {
  // Rebuilt when a Queue was replaced (lib/jobs/contract.ts discardQueue): the old one is closed.
  if (!g.tingjiQueueBoard || g.tingjiQueueBoardQueues !== queuesReplaced()) {
    g.tingjiQueueBoardQueues = queuesReplaced();
    const adapter = new HonoAdapter(serveStatic).setBasePath(BOARD_PATH);
    createBullBoard({
      queues: Object.values(queues).map((name) => new BullMQAdapter(queue(name))),
      serverAdapter: adapter,
      // Found from the working folder: bundled code cannot require.resolve the UI package.
      options: { uiBasePath: path.join(process.cwd(), "node_modules/@bull-board/ui"), uiConfig: { boardTitle: "Tingji queues" } },
    });
    // The plugin's routes are relative ("/api/queues"); the route handler passes full paths.
    g.tingjiQueueBoard = new Hono().route(BOARD_PATH, adapter.registerPlugin());
  }
  return g.tingjiQueueBoard;
}

/**
 * The dashboard page's scripts load under our pages' CSP ('strict-dynamic' with a per-request
 * nonce, set by proxy.ts): the same nonce goes on the page's script tags.
 */
export function withScriptNonce(html: string, nonce: string | null): string {
  if (!nonce) return html;
  return html.replace(/<script(?![^>]*\bnonce=)/g, `<script nonce="${nonce}"`);
}

export function nonceFromCsp(csp: string | null): string | null {
  return /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp ?? "")?.[1] ?? null;
}
