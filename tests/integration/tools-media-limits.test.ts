// Media tools limits (docs/tools.md "Limits"): uploads and starts per visitor and per address,
// unexpired files per owner; refused 429 with Retry-After before the upload's body is read.
process.env.MEDIA_TOOLS_UPLOADS_PER_10_MINUTES = "3";
process.env.MEDIA_TOOLS_UPLOADS_PER_IP_PER_10_MINUTES = "5";
process.env.MEDIA_TOOLS_STARTS_PER_10_MINUTES = "2";
process.env.MEDIA_TOOLS_STARTS_PER_IP_PER_10_MINUTES = "100";
process.env.MEDIA_TOOLS_MAX_FILES = "2";
process.env.TRUST_PROXY = "1";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { POST as upload } from "@/app/api/tools/media/files/route";
import { POST as start } from "@/app/api/tools/media/files/[id]/start/route";
import { prisma } from "@/lib/server/prisma";
import { VISITOR_COOKIE } from "@/lib/tools/visitor";
import { call, CORPUS, formWithFiles } from "@/tests/helpers/api";
import { setupTestDatabase } from "@/tests/helpers/db";

jest.setTimeout(60_000);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tools-media-limits-"));
const WAV = path.join(CORPUS, "single/en_LJ001-0001.wav");
const TEXT = path.join(tmp, "notes.mp3");

beforeAll(async () => {
  await setupTestDatabase();
  fs.writeFileSync(TEXT, "not audio at all\n".repeat(20));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const cookieOf = (name: string) => `${VISITOR_COOKIE}=${name.padEnd(32, "X")}`;

function uploadAs(name: string, ip: string, file = WAV) {
  return (async () => call<{ error?: string }>(upload, { headers: { cookie: cookieOf(name), "x-forwarded-for": ip }, form: await formWithFiles([{ path: file }], { tool: "compress" }) }))();
}

/** A multipart upload whose body records whether anyone read it. */
function watchedUpload(name: string, ip: string) {
  const read = { pulled: false };
  const body = new ReadableStream<Uint8Array>({ pull(c) { read.pulled = true; c.enqueue(new TextEncoder().encode("--x--\r\n")); c.close(); } }, { highWaterMark: 0 });
  const req = new NextRequest("http://localhost:3000/api/tools/media/files", {
    method: "POST",
    headers: { cookie: cookieOf(name), "x-forwarded-for": ip, "x-locale": "en", "content-type": "multipart/form-data; boundary=x" },
    body,
    duplex: "half",
  } as ConstructorParameters<typeof NextRequest>[1]);
  return { read, res: upload(req, { params: Promise.resolve({}) }) };
}

describe("media tools limits", () => {
  it("one visitor holds at most MEDIA_TOOLS_MAX_FILES unexpired files, refused 429 before the body is read", async () => {
    expect((await uploadAs("capper", "203.0.113.1")).code).toBe(200);
    expect((await uploadAs("capper", "203.0.113.1")).code).toBe(200);
    const { read, res } = watchedUpload("capper", "203.0.113.1");
    const refused = await res;
    expect(refused.status).toBe(429);
    const answer = (await refused.json()) as { message: string; data: { error: string } };
    expect(answer.data.error).toBe("mediatools.tooManyFiles");
    expect(answer.message).toMatch(/You already have 2 files here\. .* wait about 1\d\d min/);
    // Retry-After: when the oldest file expires (default TTL 2 h).
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(7000);
    expect(read.pulled).toBe(false);
    expect(await prisma.processedMediaFile.count()).toBe(2);
    // An expired file no longer counts: the next upload is taken (the third of three rate points).
    await prisma.processedMediaFile.updateMany({ data: { downloadExpiresAt: new Date(Date.now() - 1000) }, where: { id: (await prisma.processedMediaFile.findFirstOrThrow()).id } });
    expect((await uploadAs("capper", "203.0.113.1")).code).toBe(200);
  });

  it("uploads per visitor per 10 minutes: the fourth is refused 429 with Retry-After, unread; another visitor still may", async () => {
    await prisma.processedMediaFile.deleteMany();
    // "capper" spent its three points above (the cap refusal took none).
    const { read, res } = watchedUpload("capper", "203.0.113.1");
    const refused = await res;
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { data: { error: string } }).data.error).toBe("common.rateLimited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(500);
    expect(read.pulled).toBe(false);
    expect((await uploadAs("other", "203.0.113.1", TEXT)).data).toMatchObject({ error: "mediatools.selectAudio" });
    // The control: an admitted upload's body is read (and this one holds no file).
    const admitted = watchedUpload("reader", "203.0.113.2");
    expect((await admitted.res).status).toBe(400);
    expect(admitted.read.pulled).toBe(true);
  });

  it("uploads per address: dropping the cookie does not help; another address still may", async () => {
    // Each upload is a new visitor (no cookie kept); refused-by-content uploads count too.
    for (let i = 0; i < 5; i++) expect((await uploadAs(`fresh${i}`, "198.51.100.9", TEXT)).status).toBe(415);
    const refused = await uploadAs("fresh5", "198.51.100.9", TEXT);
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({ error: "common.rateLimited" });
    expect((await uploadAs("fresh6", "198.51.100.10", TEXT)).status).toBe(415);
  });

  it("conversion starts per visitor: the third start in 10 minutes is refused 429", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    const startAs = () => call(start, { headers: { cookie: cookieOf("starter"), "x-forwarded-for": "192.0.2.5" }, params: { id }, json: { mode: "encode", format: "mp3", quality: 128 } });
    expect((await startAs()).data).toMatchObject({ error: "mediatools.notFound" });
    expect((await startAs()).data).toMatchObject({ error: "mediatools.notFound" });
    const refused = await startAs();
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({ error: "common.rateLimited" });
  });
});
