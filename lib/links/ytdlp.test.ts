// Real yt-dlp runs against a loopback "video site" (test-host setting on, APP_URL
// on loopback). The media is made here from a corpus clip; nothing is copied into
// the project.
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import net from "node:net";
import { execFileSync } from "node:child_process";
import { env } from "@/lib/server/env";
import { probeMedia } from "@/lib/media/probe";
import { LOOPBACK_CAPTIONS, startLoopbackSite, type LoopbackSite } from "@/tests/helpers/loopback-video-site";
import { downloadAudio, downloadCaptions, probeVideo } from "./ytdlp";
import { linkFailureCode } from "@/tests/helpers/link-errors";

jest.setTimeout(60_000);

const jfk = path.resolve(process.cwd(), "../shared/corpus/single/en_jfk.wav");
let dir: string;
let media: string;
let site: LoopbackSite;
let closedHost: string;

beforeAll(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), "links-ytdlp-"));
  media = path.join(dir, "jfk.m4a");
  execFileSync("ffmpeg", ["-v", "error", "-y", "-i", jfk, "-c:a", "aac", "-b:a", "48k", media]);
  site = await startLoopbackSite(media);
  closedHost = `127.0.0.1:${await closedPort()}`;
  // Read by env() on first use, which is after this point.
  process.env.APP_URL = "http://127.0.0.1:3000";
  process.env.LINK_IMPORT_TEST_HOSTS = `${site.host},${closedHost}`;
});
afterAll(async () => {
  await site.close();
  await fsp.rm(dir, { recursive: true, force: true });
});

/** A port nothing listens on: bind one, note it, close it. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function freshDir(name: string): Promise<string> {
  const d = path.join(dir, name);
  await fsp.mkdir(d, { recursive: true });
  return d;
}

describe("probeVideo", () => {
  test("gives the page's title and duration; the media is at most sniffed for its type", async () => {
    site.requests.length = 0;
    const info = await probeVideo(site.url("/page/media.m4a"));
    expect(info).toEqual({ title: "JFK speech", durationSec: 11, webpageUrl: site.url("/page/media.m4a"), extractor: "Generic", captions: { manual: [], auto: [] } });
    expect(site.requests.filter((r) => r === "GET /media.m4a").length).toBeLessThanOrEqual(1); // a content-type sniff at most
  });

  test("names the caption tracks a page offers, and downloadCaptions fetches one as VTT without the media", async () => {
    const info = await probeVideo(site.url("/captioned/media.m4a"));
    expect(info.captions).toEqual({ manual: ["en"], auto: [] });
    site.requests.length = 0;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tingji-captions-"));
    const file = await downloadCaptions(site.url("/captioned/media.m4a"), dir, { language: "en", auto: false });
    expect(file && fs.readFileSync(file, "utf8")).toBe(LOOPBACK_CAPTIONS);
    expect(site.requests).not.toContain("GET /media.m4a");
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test.each([
    ["/status/404", "link_unavailable"],
    ["/status/410", "link_unavailable"],
    ["/status/403", "link_fetch_failed"],
    ["/status/500", "link_fetch_failed"],
    ["/no-media", "link_unavailable"],
  ])("%s → %s", async (pathname, code) => {
    expect(await linkFailureCode(() => probeVideo(site.url(pathname)))).toBe(code);
  });

  test("nothing listening → network failure", async () => {
    expect(await linkFailureCode(() => probeVideo(`http://${closedHost}/page`))).toBe("link_network");
  });
});

describe("downloadAudio", () => {
  test("downloads the media into destDir, reporting progress up to 1", async () => {
    const dest = await freshDir("ok");
    const fractions: number[] = [];
    const got = await downloadAudio(site.url("/page/media.m4a"), dest, { maxBytes: 10_000_000, onProgress: (f) => fractions.push(f) });
    expect(got).toEqual({ file: path.join(dest, "media.m4a"), title: "JFK speech", durationSec: 11 });
    expect(fs.readFileSync(got.file).equals(fs.readFileSync(media))).toBe(true);
    expect(fs.readdirSync(dest)).toEqual(["media.m4a"]); // the info file is cleaned up
    const probe = await probeMedia(got.file);
    expect(probe).toMatchObject({ kind: "audio", container: "m4a" });
    expect(probe.durationSec).toBeGreaterThan(10.5);
    expect(fractions.at(-1)).toBe(1);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
  });

  test("a second download into the same folder overwrites, it does not resume", async () => {
    const dest = await freshDir("again");
    await fsp.writeFile(path.join(dest, "media.m4a"), "stale partial data");
    const got = await downloadAudio(site.url("/page/media.m4a"), dest, { maxBytes: 10_000_000 });
    expect(fs.statSync(got.file).size).toBe(fs.statSync(media).size);
  });

  test("a file over maxBytes with a Content-Length is refused before downloading", async () => {
    const dest = await freshDir("big");
    expect(await linkFailureCode(() => downloadAudio(site.url("/page/media.m4a"), dest, { maxBytes: 10_000 }))).toBe("link_too_large");
    expect(fs.readdirSync(dest)).toEqual([]);
  });

  test("a file over maxBytes without a Content-Length is stopped while downloading", async () => {
    const dest = await freshDir("big-chunked");
    site.cutShort.length = 0;
    expect(await linkFailureCode(() => downloadAudio(site.url("/page/chunked.m4a"), dest, { maxBytes: 20_000 }))).toBe("link_too_large");
    // Stopped half-way (a content-type sniff during extraction closes after a few KB).
    const stopped = () => site.cutShort.filter((c) => c.path === "/chunked.m4a" && c.bytesSent >= 20_000);
    await waitFor(() => stopped().length === 1);
    expect(stopped()[0]!.bytesSent).toBeLessThan(fs.statSync(media).size);
    expect(fs.readdirSync(dest)).toEqual([]); // the partial file is removed
  });

  test("a file without a Content-Length under maxBytes downloads whole", async () => {
    const dest = await freshDir("chunked");
    const got = await downloadAudio(site.url("/page/chunked.m4a"), dest, { maxBytes: 10_000_000 });
    expect(fs.statSync(got.file).size).toBe(fs.statSync(media).size);
  });

  test("media that is gone → unavailable", async () => {
    const dest = await freshDir("gone");
    expect(await linkFailureCode(() => downloadAudio(site.url("/page/status/404"), dest, { maxBytes: 10_000_000 }))).toBe("link_unavailable");
  });

  test("abort ends the download and the yt-dlp process at once", async () => {
    const dest = await freshDir("abort");
    const controller = new AbortController();
    const started = Date.now();
    const run = downloadAudio(site.url("/page/stall.m4a"), dest, { maxBytes: 10_000_000, signal: controller.signal });
    await waitFor(() => site.requests.includes("GET /stall.m4a") && ytdlpProcesses(dest).length > 0);
    controller.abort(new Error("user cancelled"));
    await expect(run).rejects.toThrow("user cancelled");
    expect(Date.now() - started).toBeLessThan(20_000);
    await waitFor(() => ytdlpProcesses(dest).length === 0);
    expect(fs.readdirSync(dest)).toEqual([]);
  });

  test("a stalled download times out as a network failure", async () => {
    const dest = await freshDir("timeout");
    expect(await linkFailureCode(() => downloadAudio(site.url("/page/stall.m4a"), dest, { maxBytes: 10_000_000, timeoutMs: 3_000 }))).toBe(
      "link_network",
    );
    await waitFor(() => ytdlpProcesses(dest).length === 0);
  });
});

describe("the yt-dlp binary", () => {
  // env() is a cached object; swapping one field for a test is the least intrusive way.
  function withYtdlpPath<T>(binary: string, run: () => Promise<T>): Promise<T> {
    const saved = env().YTDLP_PATH;
    env().YTDLP_PATH = binary;
    return run().finally(() => {
      env().YTDLP_PATH = saved;
    });
  }

  test("missing → not configured", async () => {
    const code = await withYtdlpPath("/nonexistent/yt-dlp", () => linkFailureCode(() => probeVideo(site.url("/page/media.m4a"))));
    expect(code).toBe("link_not_configured");
  });

  test("a timeout ends yt-dlp's whole process group, children included", async () => {
    const fake = path.join(dir, "fake-yt-dlp-with-child");
    await fsp.writeFile(fake, "#!/bin/sh\nsleep 987.654 &\nsleep 987.655\n", { mode: 0o755 });
    const code = await withYtdlpPath(fake, () => linkFailureCode(() => probeVideo(site.url("/page/media.m4a"), { timeoutMs: 1_000 })));
    expect(code).toBe("link_network");
    await waitFor(() => processesWith("sleep 987.65").length === 0);
  });

  test("a live stream is refused by the probe (yt-dlp's JSON says is_live)", async () => {
    const fake = path.join(dir, "fake-yt-dlp");
    const json = JSON.stringify({ title: "Live now", live_status: "is_live", is_live: true, extractor_key: "Youtube" });
    await fsp.writeFile(fake, `#!/bin/sh\necho '${json}'\n`, { mode: 0o755 });
    const code = await withYtdlpPath(fake, () => linkFailureCode(() => probeVideo(site.url("/page/media.m4a"))));
    expect(code).toBe("link_live_not_finished");
  });
});

/** Processes whose command line contains `text`. */
function processesWith(text: string): string[] {
  const ps = execFileSync("ps", ["-eo", "pid,args"], { encoding: "utf8" });
  return ps.split("\n").filter((line) => line.includes(text));
}

/** yt-dlp processes whose arguments mention `marker` (the test's own folder). */
function ytdlpProcesses(marker: string): string[] {
  return processesWith(marker).filter((line) => line.includes("yt-dlp"));
}

async function waitFor(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 50));
  }
}
