// Private and loopback links are refused before anything is fetched: a loopback
// server counts requests, and the count must stay at 0 through parsing, probing
// and downloading. The test-host setting names this very server, but APP_URL is
// not loopback here, so the setting must be ignored (with one warning).
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { allowedLinkHosts } from "./hosts";
import { parseVideoLink } from "./link.schema";
import { startLoopbackSite, type LoopbackSite } from "@/tests/helpers/loopback-video-site";
import { downloadAudio, LinkFetchError, probeVideo } from "./ytdlp";
import { linkFailureCode } from "@/tests/helpers/link-errors";

const jfk = path.resolve(process.cwd(), "../shared/corpus/single/en_jfk.wav");
let dir: string;
let site: LoopbackSite;

beforeAll(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), "links-noreq-"));
  const media = path.join(dir, "jfk.m4a");
  execFileSync("ffmpeg", ["-v", "error", "-y", "-i", jfk, "-c:a", "aac", "-b:a", "48k", media]);
  site = await startLoopbackSite(media);
  // Read by env() on first use, which is after this point.
  process.env.APP_URL = "https://tingji.example.com";
  process.env.LINK_IMPORT_TEST_HOSTS = site.host;
});
afterAll(async () => {
  await site.close();
  await fsp.rm(dir, { recursive: true, force: true });
});

function privateLinks(): string[] {
  return [
    "http://127.0.0.1:8080/x",
    "http://10.0.0.1/",
    "http://[::1]/",
    "http://localhost/",
    "http://169.254.169.254/latest/meta-data",
    site.url("/page/media.m4a"),
    site.url("/media.m4a"),
    `http://localhost:${site.host.split(":")[1]}/media.m4a`,
    `https://youtube.com@${site.host}/media.m4a`,
  ];
}

test("the counter counts: a direct request reaches the server", async () => {
  const before = site.requests.length;
  await fetch(site.url("/no-media"));
  expect(site.requests.length).toBe(before + 1);
  site.requests.length = 0;
});

test("the test-host setting is ignored when APP_URL is not loopback, with one warning", () => {
  const warn = jest.spyOn(console, "error").mockImplementation(() => {});
  try {
    expect(allowedLinkHosts()).not.toContain(site.host);
    allowedLinkHosts();
    const warnings = warn.mock.calls.map((c) => String(c[0])).filter((l) => l.includes("LINK_IMPORT_TEST_HOSTS"));
    expect(warnings).toHaveLength(1);
  } finally {
    warn.mockRestore();
  }
});

test("private and loopback links are rejected by the schema, probe and download, with 0 requests", async () => {
  for (const link of privateLinks()) {
    expect(parseVideoLink(link, allowedLinkHosts())).toEqual({ ok: false, reason: "host" });
    expect(await linkFailureCode(() => probeVideo(link))).toBe("link_blocked");
    expect(await linkFailureCode(() => downloadAudio(link, dir, { maxBytes: 10_000_000 }))).toBe("link_blocked");
  }
  expect(site.requests).toEqual([]);
});

test("a rejected link's error reads as links.host for the API", async () => {
  const e = await probeVideo("http://10.0.0.1/").catch((err: unknown) => err);
  expect(e).toBeInstanceOf(LinkFetchError);
  const app = (e as LinkFetchError).toAppError();
  expect(app).toMatchObject({ key: "links.host", status: 400, params: { host: "youtube.com" } });
});
