// Co-editing servers and clients on loopback for the jest tests: Hocuspocus in an HTTP server the
// way server.ts runs it (real PostgreSQL and Redis), and real providers connecting to it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { HocuspocusProvider, HocuspocusProviderWebsocket } from "@hocuspocus/provider";
import WebSocket from "ws";
import * as Y from "yjs";
import { attachCollab, closeCollab, COLLAB_PATH, createCollabServer, type CollabServerOptions } from "@/lib/collab/hocuspocus";
import { waitFor } from "./wait";

export const until = (what: string, probe: () => boolean | Promise<boolean>, timeoutMs = 10_000) => waitFor(what, async () => probe(), { timeoutMs, everyMs: 50 });

export interface CollabTestServer {
  url: string;
  close: () => Promise<void>;
}

/** Every server and provider made here, for the test file's afterAll (`closeAllCollab`). */
export const collabServers: CollabTestServer[] = [];
export const collabProviders: HocuspocusProvider[] = [];

export async function startCollabServer(options: CollabServerOptions = {}, headers: Record<string, string> = {}): Promise<CollabTestServer> {
  const httpServer = http.createServer((_req, res) => res.end("next would answer here"));
  const collab = createCollabServer(options);
  const wss = attachCollab(httpServer, collab, { closeOthers: true });
  // A proxy's headers (e.g. the host of the other edition) on every upgrade, as nginx would set them.
  if (Object.keys(headers).length) httpServer.prependListener("upgrade", (req: http.IncomingMessage) => Object.assign(req.headers, headers));
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  const url = `ws://127.0.0.1:${(httpServer.address() as AddressInfo).port}${COLLAB_PATH}`;
  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= (async () => {
      // Stop listening first: a provider reconnects at once when its socket closes.
      const stopped = new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await closeCollab(collab, wss);
      httpServer.closeAllConnections();
      await stopped;
    })());
  const server = { url, close };
  collabServers.push(server);
  return server;
}

export type CollabClient = HocuspocusProvider & { websocketProvider: HocuspocusProviderWebsocket };

/** A provider for document `name`; `socket` shares another provider's websocket (one socket, several documents). */
export function connectCollab(url: string, token: string | null, name: string, events: { failed?: string[]; socket?: HocuspocusProviderWebsocket } = {}): CollabClient {
  const websocketProvider = events.socket ?? new HocuspocusProviderWebsocket({ url, WebSocketPolyfill: WebSocket as never });
  const provider = new HocuspocusProvider({
    websocketProvider,
    name,
    token,
    onAuthenticationFailed: ({ reason }) => events.failed?.push(reason),
  });
  provider.attach();
  // The provider does not own a socket it was given: leaving closes both, or the socket reconnects for ever.
  const destroy = provider.destroy.bind(provider);
  provider.destroy = () => {
    // A socket still connecting is closed after its listeners are removed, and ws then raises
    // "closed before the connection was established" with no one listening: keep one listener on it.
    (websocketProvider.webSocket as unknown as WebSocket | null)?.on?.("error", () => {});
    destroy();
    websocketProvider.destroy();
  };
  collabProviders.push(provider);
  return Object.assign(provider, { websocketProvider });
}

export const synced = (p: HocuspocusProvider) => until(`${p.configuration.name} synced`, () => p.isSynced);

export function entries(doc: Y.Doc): Y.XmlElement[] {
  return doc.getXmlFragment("default").toArray() as Y.XmlElement[];
}
export const textOf = (el: Y.XmlElement) => (el.toArray()[0] as Y.XmlText | undefined)?.toString() ?? "";

export async function closeAllCollab(): Promise<void> {
  for (const p of collabProviders.splice(0)) p.destroy();
  for (const s of collabServers.splice(0)) await s.close();
}
