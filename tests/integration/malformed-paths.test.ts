import fs from "node:fs";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { guardMalformedPaths, MALFORMED_PATH_PAGE } from "@/lib/api/malformed-path";
import { discoverRoutes } from "@/scripts/drills/routes";

// server.ts's guard in front of Next (lib/api/malformed-path.ts): a path whose percent-escapes do not
// decode is answered here, for every dynamic segment at once: 400 with the envelope under /api, the
// not-found page elsewhere (Next is handed MALFORMED_PATH_PAGE, a path nothing lives at). Next itself stands
// behind it here as a recorder that decodes like Next's router; tests/e2e/security/malformed-paths.spec.ts
// runs the same requests against the production build, where Next answered a bare text/plain 500.

/** Escapes that do not decode: not hex, cut short, a lone %, and well-formed bytes that are not UTF-8. */
const BAD_ESCAPES = ["%ZZ", "%", "%4", "%E0%A4%A", "%C0%AF", "%FF", "abc%zz"];

let url: string;
let server: http.Server;
const reachedNext: string[] = [];

beforeAll(async () => {
  const next = (req: IncomingMessage, res: ServerResponse) => {
    reachedNext.push(req.url ?? "");
    // As Next's router does with a dynamic segment: decode it (a URIError here was its bare 500).
    decodeURIComponent((req.url ?? "").split("?")[0]!);
    if (req.url === MALFORMED_PATH_PAGE) res.writeHead(404, { "content-type": "text/html" }).end("<h1>not found page</h1>");
    else res.writeHead(200, { "content-type": "text/plain" }).end("next");
  };
  server = http.createServer(guardMalformedPaths(next));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The catalogue's words for common.malformedRequest in `locale` (messages/<locale>/errors.json). */
const malformedMessage = (locale: string) => (JSON.parse(fs.readFileSync(path.join(process.cwd(), "messages", locale, "errors.json"), "utf8")) as { common: { malformedRequest: string } }).common.malformedRequest;

/** Node's fetch would normalise the target; http.request sends it as written. */
function get(target: string, headers: Record<string, string> = {}): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}${target.startsWith("/") ? "" : "/"}`, { path: target, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"] ?? ""), body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Every /api route file with a dynamic segment, each segment given a bad escape in turn. */
function apiTargets(bad: string): string[] {
  return discoverRoutes()
    .filter((r) => r.segments.length > 0)
    .flatMap((r) => r.segments.map((name) => r.route.replace(/\[([^\]]+)\]/g, (_m, seg: string) => (seg === name ? `x${bad}` : "abc"))));
}

test("a bad escape in any dynamic segment of any /api route is a 400 with the envelope, never Next's 500", async () => {
  const targets = BAD_ESCAPES.flatMap(apiTargets);
  expect(targets.length).toBeGreaterThan(100);
  for (const target of targets) {
    const res = await get(target);
    expect([target, res.status, res.type]).toEqual([target, 400, "application/json; charset=utf-8"]);
    expect(JSON.parse(res.body)).toEqual({ code: 400, message: malformedMessage("en"), data: { error: "common.malformedRequest" } });
  }
  expect(reachedNext).toEqual([]);
});

test("in the caller's language; on the China edition in Chinese", async () => {
  const de = JSON.parse((await get("/api/transcription/share/a/%ZZ", { "x-locale": "de" })).body) as { message: string };
  const china = JSON.parse((await get("/api/folder/%ZZ", { host: "tingji.cn", "x-locale": "en" })).body) as { message: string };
  expect(de.message).toBe(malformedMessage("de"));
  expect(china.message).toBe(malformedMessage("zh"));
});

test("pages get the not-found page: Next is handed a path where nothing lives", async () => {
  reachedNext.length = 0;
  const pages = ["/transcribe/show/%ZZ", "/transcribe/show/2026-01-01/%E0%A4%A", "/transcribe/share/%C0%AF", "/%", "/tools/%zz?lang=de"];
  for (const target of pages) {
    const res = await get(target);
    expect([target, res.status, res.body]).toEqual([target, 404, "<h1>not found page</h1>"]);
  }
  expect(reachedNext).toEqual(pages.map(() => MALFORMED_PATH_PAGE));
});

test("good escapes, and bad ones in the query only, go on to Next untouched", async () => {
  reachedNext.length = 0;
  const targets = ["/api/transcription/tasks/abc%20def", "/transcribe/show/%E4%BC%9A%E8%AE%AE", "/api/search?q=%ZZ", "/transcribe/?x=%"];
  for (const target of targets) {
    const res = await get(target);
    expect([target, res.status, res.body]).toEqual([target, 200, "next"]);
  }
  expect(reachedNext).toEqual(targets);
});
