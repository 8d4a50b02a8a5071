// Test-only: a loopback HTTP server standing in for a video site, counting every
// request. Used by the lib/links tests, the import tests and the browser tests.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { listenOn } from "./ports";

export interface LoopbackSite {
  /** "127.0.0.1:<port>", as URL.host spells it. */
  host: string;
  url(pathname: string): string;
  /** Every request received, as "METHOD /path". */
  requests: string[];
  /** Responses the client closed before they were complete, with the media bytes sent by then. */
  cutShort: { path: string; bytesSent: number }[];
  close(): Promise<void>;
}

/**
 * Serves `mediaFile` at /media.m4a (with Content-Length), /chunked.m4a (without,
 * in 4 KB pieces 20 ms apart) and /stall.m4a (a few bytes, then nothing); /page/<name> is an HTML page whose
 * JSON-LD VideoObject (title "JFK speech", 11 s) points at /<name>; /status/<n>
 * answers with that status; /no-media is a page with no video; /captioned/<name> is a video.js
 * page playing /<name> with a caption track, /captions.vtt (LOOPBACK_CAPTIONS). Port 0 picks a free one.
 */
export async function startLoopbackSite(mediaFile: string, port = 0): Promise<LoopbackSite> {
  const media = fs.readFileSync(mediaFile);
  const requests: string[] = [];
  const cutShort: LoopbackSite["cutShort"] = [];
  const stalled = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.on("close", () => {
      if (!res.writableFinished) cutShort.push({ path: req.url ?? "", bytesSent: bytesSent.get(res) ?? 0 });
    });
    route(req, res, media, stalled, origin);
  });
  await listenOn(server, port);
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const origin = `http://${host}`;
  return {
    host,
    url: (pathname) => `${origin}${pathname}`,
    requests,
    cutShort,
    close: async () => {
      for (const res of stalled) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function route(req: http.IncomingMessage, res: http.ServerResponse, media: Buffer, stalled: Set<http.ServerResponse>, origin: string) {
  const url = new URL(req.url ?? "/", origin);
  const head = req.method === "HEAD";
  const page = url.pathname.match(/^\/page\/([\w.-]+)$/);
  const status = url.pathname.match(/^\/status\/(\d{3})$/);
  if (page) return sendHtml(res, videoPage(`${origin}/${page[1]}`));
  const captioned = url.pathname.match(/^\/captioned\/([\w.-]+)$/);
  if (captioned) return sendHtml(res, captionedPage(`/${captioned[1]}`));
  if (url.pathname === "/captions.vtt") {
    res.writeHead(200, { "content-type": "text/vtt; charset=utf-8" });
    return res.end(head ? undefined : LOOPBACK_CAPTIONS);
  }
  if (status) return sendHtml(res.writeHead(Number(status[1])), "<html><body>nope</body></html>");
  if (url.pathname === "/no-media") return sendHtml(res, "<html><head><title>Nothing here</title></head><body><p>text</p></body></html>");
  if (url.pathname === "/media.m4a") {
    res.writeHead(200, { "content-type": "audio/mp4", "content-length": media.length });
    return res.end(head ? undefined : media);
  }
  if (url.pathname === "/chunked.m4a") {
    res.writeHead(200, { "content-type": "audio/mp4" }); // no length: sent chunked
    if (head) return res.end();
    return sendInPieces(res, media);
  }
  if (url.pathname === "/stall.m4a") {
    res.writeHead(200, { "content-type": "audio/mp4", "content-length": media.length });
    if (head) return res.end();
    stalled.add(res);
    return res.write(media.subarray(0, 4096));
  }
  res.writeHead(404).end();
}

const bytesSent = new WeakMap<http.ServerResponse, number>();

function sendHtml(res: http.ServerResponse, html: string) {
  if (!res.headersSent) res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  res.end(html);
}

// Slow enough that a download can be stopped half-way.
function sendInPieces(res: http.ServerResponse, data: Buffer, at = 0) {
  if (res.destroyed) return;
  if (at >= data.length) return void res.end();
  res.write(data.subarray(at, at + 4096));
  bytesSent.set(res, Math.min(data.length, at + 4096));
  setTimeout(() => sendInPieces(res, data, at + 4096), 20);
}

function videoPage(contentUrl: string): string {
  const ld = { "@context": "https://schema.org", "@type": "VideoObject", name: "JFK speech", duration: "PT11S", contentUrl, uploadDate: "2020-01-01" };
  return `<html><head><title>JFK speech</title><script type="application/ld+json">${JSON.stringify(ld)}</script></head><body></body></html>`;
}

/** The caption track of /captioned/<name> pages: two cues of the JFK clip. */
export const LOOPBACK_CAPTIONS = [
  "WEBVTT",
  "",
  "00:00:00.500 --> 00:00:04.000",
  "And so my fellow Americans,",
  "",
  "00:00:04.000 --> 00:00:10.500",
  "ask not what your country can do for you.",
  "",
].join("\n");

// A video.js embed (yt-dlp's generic extractor reads its source and addRemoteTextTrack captions).
function captionedPage(src: string): string {
  const source = JSON.stringify({ src, type: "audio/mp4" });
  const track = JSON.stringify({ kind: "captions", src: "/captions.vtt", srclang: "en", label: "English" });
  return `<html><head><title>JFK speech</title></head><body><video id="p"></video><script>var player = videojs("p"); player.src(${source}); player.addRemoteTextTrack(${track}, false);</script></body></html>`;
}
