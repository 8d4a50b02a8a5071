import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { POST as create } from "@/app/api/transcription/create/route";
import { GET as mediaUrl } from "@/app/api/transcription/tasks/[id]/media-url/route";
import { POST as deleteBatch } from "@/app/api/transcription/tasks/delete-batch/route";
import { GET as media } from "@/app/api/media/[taskId]/route";
import { prisma } from "@/lib/server/prisma";
import { MEDIA_URL_TTL_MS, signedMediaQuery } from "@/lib/tasks/media-access";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call, formWithFiles } from "@/tests/helpers/api";
import { signIn } from "@/tests/helpers/users";

// Stored media is served with our own type and headers, never the uploader's: the
// stored-XSS case of issue 9 (an MP3 whose ID3 tag holds a script, uploaded as text/html).

let tmp: string;
let user: Awaited<ReturnType<typeof signIn>>;
let evilMp3: string;

beforeAll(async () => {
  await setupTestDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tingji-media-"));
  user = await signIn("media");
  evilMp3 = path.join(tmp, "evil.mp3");
  execFileSync("ffmpeg", [
    "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=2",
    "-id3v2_version", "3", "-metadata", "title=<script>alert(localStorage.getItem('auth:token'))</script>",
    "-c:a", "libmp3lame", evilMp3,
  ]);
  expect(fs.readFileSync(evilMp3).includes("<script>")).toBe(true);
});

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** GETs a media URL (path and query) through the real route handler; the raw answer. */
async function fetchMedia(url: string, headers: Record<string, string> = {}): Promise<Response> {
  const u = new URL(url, "http://localhost:3000");
  const taskId = decodeURIComponent(u.pathname.split("/").at(-1)!);
  return media(new NextRequest(u, { headers: { "x-locale": "en", ...headers } }), { params: Promise.resolve({ taskId }) });
}

async function uploadAs(file: string, name: string, type: string): Promise<string> {
  const form = await formWithFiles([{ path: file, name, type }], { start: "false" });
  const res = await call<{ tasks: { id: string }[] }>(create, { token: user.token, form });
  expect(res.code).toBe(200);
  return res.data.tasks[0]!.id;
}

async function signedUrl(taskId: string): Promise<string> {
  const res = await call<{ url: string; expiresAt: string }>(mediaUrl, { token: user.token, params: { id: taskId } });
  expect(res.code).toBe(200);
  return res.data.url;
}

function expectStoredFileHeaders(res: Response) {
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
}

describe("serving stored media", () => {
  it("serves an MP3 uploaded as text/html as audio/mpeg, inline, sandboxed and unsniffable", async () => {
    const id = await uploadAs(evilMp3, "song<script>.html", "text/html");
    const row = await prisma.task.findUniqueOrThrow({ where: { id }, select: { mediaMime: true, mediaParts: { select: { mime: true } } } });
    expect(row.mediaMime).toBe("audio/mpeg");
    expect(row.mediaParts.map((p) => p.mime)).toEqual(["audio/mpeg"]);

    const res = await fetchMedia(await signedUrl(id));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("audio/mpeg");
    expectStoredFileHeaders(res);
    const disposition = res.headers.get("content-disposition")!;
    expect(disposition).toMatch(/^inline; /);
    expect(disposition).toContain(`filename="song_script_.mp3"`);
    expect(disposition).toContain("filename*=UTF-8''song_script_.mp3");
    expect(disposition).not.toMatch(/[<>\r\n]/);
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.subarray(0, 3).toString("latin1")).toBe("ID3");
    expect(body.length).toBe(fs.statSync(evilMp3).size);
  });

  it("keeps the headers on a byte range (players seek with them)", async () => {
    const id = await uploadAs(evilMp3, "range.mp3", "audio/mpeg");
    const res = await fetchMedia(await signedUrl(id), { range: "bytes=0-99" });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-type")).toBe("audio/mpeg");
    expect(res.headers.get("content-range")).toMatch(/^bytes 0-99\//);
    expectStoredFileHeaders(res);
    expect((await res.arrayBuffer()).byteLength).toBe(100);
  });

  it("serves a stored type off the allow-list (a row from before the fix) as an octet-stream download", async () => {
    const id = await uploadAs(evilMp3, "old.mp3", "audio/mpeg");
    await prisma.task.update({ where: { id }, data: { mediaMime: "text/html", title: "naïve «file»\r\n.html" } });
    const res = await fetchMedia(await signedUrl(id));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/octet-stream");
    expectStoredFileHeaders(res);
    const disposition = res.headers.get("content-disposition")!;
    expect(disposition).toMatch(/^attachment; filename="na_ve _file_.html.bin"; filename\*=UTF-8''na%C3%AFve%20%C2%ABfile%C2%BB\.html\.bin$/);
    await res.body?.cancel();
  });

  it("maps old aliases into the allow-list", async () => {
    const id = await uploadAs(evilMp3, "alias.mp3", "audio/mpeg");
    await prisma.task.update({ where: { id }, data: { mediaMime: "audio/x-m4a" } });
    const res = await fetchMedia(await signedUrl(id));
    expect(res.headers.get("content-type")).toBe("audio/mp4");
    await res.body?.cancel();
  });
});

describe("signed media URLs", () => {
  let id: string;
  let other: string;
  beforeAll(async () => {
    id = await uploadAs(evilMp3, "signed.mp3", "audio/mpeg");
    other = await uploadAs(evilMp3, "other.mp3", "audio/mpeg");
  });

  async function expectRefused(url: string) {
    const res = await fetchMedia(url);
    expect(res.status).toBe(403);
    const body = (await res.json()) as { code: number; message: string };
    expect(body.code).toBe(403);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
  }

  it("lives at most 6 hours", async () => {
    const before = Date.now();
    const res = await call<{ url: string; expiresAt: string }>(mediaUrl, { token: user.token, params: { id } });
    const exp = Number(new URL(res.data.url, "http://x").searchParams.get("exp"));
    expect(exp).toBeGreaterThan(before);
    expect(exp - before).toBeLessThanOrEqual(6 * 3600 * 1000 + 1000);
    expect(new Date(res.data.expiresAt).getTime()).toBe(exp);
  });

  it("works when valid", async () => {
    const res = await fetchMedia(await signedUrl(id));
    expect(res.status).toBe(200);
    await res.body?.cancel();
  });

  it("is refused once expired", async () => {
    const exp = Date.now() - 1000;
    await expectRefused(`/api/media/${id}?${signedMediaQuery(id, exp)}`);
  });

  it("is refused when the signature, expiry or task is tampered with", async () => {
    const url = new URL(await signedUrl(id), "http://localhost:3000");
    const exp = url.searchParams.get("exp")!;
    const sig = url.searchParams.get("sig")!;
    const flipped = (sig[0] === "A" ? "B" : "A") + sig.slice(1);
    await expectRefused(`/api/media/${id}?exp=${exp}&sig=${flipped}`);
    await expectRefused(`/api/media/${id}?exp=${exp}&sig=${sig.slice(0, -1)}`);
    await expectRefused(`/api/media/${id}?exp=${exp}`);
    await expectRefused(`/api/media/${id}?exp=${Number(exp) + 3600_000}&sig=${sig}`);
    await expectRefused(`/api/media/${id}?exp=${exp}.0&sig=${sig}`);
    // Another task's URL does not open this one.
    await expectRefused(`/api/media/${other}?exp=${exp}&sig=${sig}`);
  });

  it("is refused when signed for longer than 6 hours", async () => {
    const exp = Date.now() + MEDIA_URL_TTL_MS + 10 * 60_000;
    await expectRefused(`/api/media/${id}?${signedMediaQuery(id, exp)}`);
  });

  it("stops working once the task is deleted", async () => {
    const url = await signedUrl(other);
    const del = await call<{ deleted: number }>(deleteBatch, { token: user.token, json: { ids: [other] } });
    expect(del.data.deleted).toBe(1);
    const res = await fetchMedia(url);
    expect(res.status).not.toBe(200);
    await res.body?.cancel();
  });
});
