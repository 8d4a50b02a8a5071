import "./limits.env";
import fs from "node:fs";
import path from "node:path";
import { POST as sendLink } from "@/app/api/auth/email/send/route";
import { POST as batchHotwords } from "@/app/api/hotwords/batch/route";
import { POST as pasteText } from "@/app/api/transcription/paste-text/route";
import { POST as createDocument } from "@/app/api/transcription/create-document/route";
import { POST as createUpload } from "@/app/api/transcription/create/route";
import { POST as mergeUpload } from "@/app/api/transcription/merge-transcribe/route";
import { POST as deleteBatch } from "@/app/api/transcription/tasks/delete-batch/route";
import { POST as ask } from "@/app/api/ask-ai/route";
import { POST as translate } from "@/app/api/translation/route";
import { POST as analyze } from "@/app/api/transcription/[id]/analyze-meeting/route";
import { POST as mcpPost } from "@/app/api/mcp/route";
import { POST as createMcpKey } from "@/app/api/mcp/keys/route";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { serveRoute } from "@/tests/helpers/route-server";
import { prisma } from "@/lib/server/prisma";
import { storage } from "@/lib/storage/storage";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call, callStream, CORPUS } from "@/tests/helpers/api";
import { endlessBody, filesUnder, rawCall } from "@/tests/helpers/raw";
import { MEETING, seedTranscribedTask } from "@/tests/helpers/tasks";
import { signIn } from "@/tests/helpers/users";
import { solvedHumanToken } from "@/tests/helpers/human";

// Request limits end to end through the real route handlers: JSON bodies capped
// while they are read, multipart bodies that stop at their limits and leave
// nothing behind, and the Redis rate limits of sign-in and the paid AI routes.
jest.setTimeout(120_000);

const MB = 1024 * 1024;
const encoder = new TextEncoder();
let user: Awaited<ReturnType<typeof signIn>>;

const dataDir = () => process.env.DATA_DIR!;
// Scratch on this disk, and the user's stored files in the storage driver of the run (local folder or S3).
const leftovers = async () => {
  const stored: string[] = [];
  for await (const o of storage().list(`media/${user.userId}`)) stored.push(o.key);
  return [...filesUnder(path.join(dataDir(), "tmp")), ...stored];
};
const taskCount = () => prisma.task.count({ where: { userId: user.userId } });

beforeAll(async () => {
  await setupTestDatabase();
  user = await signIn("limits");
});

describe("JSON bodies", () => {
  test("a body past the 1 MB default is refused with 413 while it is read, never held whole", async () => {
    const body = endlessBody(encoder.encode('{"texts":"'), new Uint8Array(64 * 1024).fill(0x61));
    const res = await rawCall(batchHotwords, { token: user.token, contentType: "application/json", body: body.stream });
    expect([res.status, res.data?.error]).toEqual([413, "common.bodyTooLarge"]);
    expect(res.message).toBe("The request is too large (at most 1 MB)");
    expect(body.pulled()).toBeLessThan(1 * MB + 3 * 64 * 1024);
    expect(body.cancelled()).toBe(true);
  });

  test("a declared length past the cap is refused before reading", async () => {
    const body = endlessBody(encoder.encode("{"), new Uint8Array(1024).fill(0x20));
    const res = await rawCall(batchHotwords, { token: user.token, contentType: "application/json", body: body.stream, headers: { "content-length": String(5 * MB) } });
    expect([res.status, res.data?.error]).toEqual([413, "common.bodyTooLarge"]);
  });

  test("pasted text has its own cap of 20 MB", async () => {
    // 1.5 million Chinese characters: 4.5 MB in UTF-8, over the default, under the paste cap.
    const big = await call(pasteText, { token: user.token, json: { text: "会议纪要。".repeat(300_000) } });
    expect(big.data).not.toMatchObject({ error: "common.bodyTooLarge" });
    expect(big.status).not.toBe(500);
    const body = endlessBody(encoder.encode('{"text":"'), new Uint8Array(MB).fill(0x61));
    const huge = await rawCall(pasteText, { token: user.token, contentType: "application/json", body: body.stream });
    expect([huge.status, huge.data?.error, huge.message]).toEqual([413, "common.bodyTooLarge", "The request is too large (at most 20 MB)"]);
    expect(body.pulled()).toBeLessThan(22 * MB);
  });

  test("bytes that are not UTF-8 are a 400 in the caller's language", async () => {
    const bad = Uint8Array.from([...encoder.encode('{"texts":"caf'), 0xc3, 0x28, ...encoder.encode('"}')]);
    const res = await rawCall(batchHotwords, { token: user.token, contentType: "application/json", body: bad });
    expect([res.status, res.data?.error]).toEqual([400, "common.malformedRequest"]);
    const de = await rawCall(batchHotwords, { token: user.token, contentType: "application/json", body: bad, headers: { "x-locale": "de" } });
    expect(de.message).toBe("Die Anfrage konnte nicht gelesen werden: Sie ist unvollständig oder beschädigt. Bitte versuchen Sie es erneut.");
  });

  test("deeply nested JSON, huge arrays and non-JSON are a 400, never a crash", async () => {
    const depth = 400_000;
    const nested = await rawCall(batchHotwords, { token: user.token, contentType: "application/json", body: "[".repeat(depth) + "]".repeat(depth) });
    expect([nested.status, nested.data?.error]).toEqual([400, "common.invalidInput"]);
    const deepObject = await rawCall(batchHotwords, { token: user.token, contentType: "application/json", body: '{"texts":' + '{"a":'.repeat(150_000) + "1" + "}".repeat(150_001) });
    expect([deepObject.status, deepObject.data?.error]).toEqual([400, "common.invalidInput"]);

    const started = Date.now();
    const ids = Array.from({ length: 150_000 }, (_, i) => i);
    const huge = await call(deleteBatch, { token: user.token, json: { ids } });
    expect([huge.status, (huge.data as { error: string }).error]).toEqual([400, "common.invalidInput"]);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(((huge.data as { issues: unknown[] }).issues ?? []).length).toBeLessThanOrEqual(20);

    const notJson = await rawCall(batchHotwords, { token: user.token, contentType: "application/json", body: "{texts: 'a'" });
    expect([notJson.status, notJson.data?.error]).toEqual([400, "common.invalidInput"]);
  });
});

function multipartHead(boundary: string, fileName: string, type = "application/octet-stream"): string {
  return `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`;
}

describe("multipart bodies", () => {
  test("a document past 20 MB stops the upload at the limit: 413, no file and no task left", async () => {
    const before = await taskCount();
    const boundary = "limitsBoundary1";
    const body = endlessBody(encoder.encode(multipartHead(boundary, "huge.txt", "text/plain")), new Uint8Array(MB).fill(0x61));
    const res = await rawCall(createDocument, { token: user.token, contentType: `multipart/form-data; boundary=${boundary}`, body: body.stream });
    expect([res.status, res.data?.error]).toEqual([413, "documents.tooLarge"]);
    expect(res.message).toContain("huge.txt");
    // Reading stops at 20 MB; what is already in flight (a few chunks) is all that is read past it.
    expect(body.pulled()).toBeLessThan(25 * MB);
    expect(body.cancelled()).toBe(true);
    expect(await leftovers()).toEqual([]);
    expect(await taskCount()).toBe(before);
  });

  test("a media file past 400 MB stops the upload at the limit: 413 with the file's name, nothing left", async () => {
    const boundary = "limitsBoundary2";
    const body = endlessBody(encoder.encode(multipartHead(boundary, "endless.mp3", "audio/mpeg")), new Uint8Array(4 * MB));
    const res = await rawCall(createUpload, { token: user.token, contentType: `multipart/form-data; boundary=${boundary}`, body: body.stream });
    expect([res.status, res.data?.error, res.message]).toEqual([413, "upload.fileSizeLimitExceeded", "File size limit exceeded: endless.mp3"]);
    expect(body.pulled()).toBeLessThan(420 * MB);
    expect(await leftovers()).toEqual([]);
  });

  test("a body with no closing boundary is a 400, with nothing left on disk", async () => {
    const before = await taskCount();
    const wav = fs.readFileSync(path.join(CORPUS, "single/en_jfk.wav"));
    for (const [route, name] of [
      [createUpload, "jfk.wav"],
      [mergeUpload, "jfk.wav"],
      [createDocument, "notes.txt"],
    ] as const) {
      const boundary = "limitsBoundary3";
      const cut = Buffer.concat([Buffer.from(multipartHead(boundary, name)), wav.subarray(0, 50_000)]);
      const res = await rawCall(route, { token: user.token, contentType: `multipart/form-data; boundary=${boundary}`, body: cut });
      expect([name, res.status, res.data?.error]).toEqual([name, 400, "common.malformedRequest"]);
      expect(res.message).toBe("The request could not be read: it is incomplete or damaged. Please try again.");
    }
    const noBoundary = await rawCall(createUpload, { token: user.token, contentType: "multipart/form-data", body: "--x\r\n" });
    expect([noBoundary.status, noBoundary.data?.error]).toEqual([400, "common.malformedRequest"]);
    expect(await leftovers()).toEqual([]);
    expect(await taskCount()).toBe(before);
  });

  test("a form field with a NUL is a 400 naming the field; a file name's control characters are dropped", async () => {
    const boundary = "limitsBoundary4";
    const field = `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nbad\u0000title\r\n`;
    const nul = await rawCall(mergeUpload, { token: user.token, contentType: `multipart/form-data; boundary=${boundary}`, body: `${field}--${boundary}--\r\n` });
    expect([nul.status, nul.data?.error, nul.message]).toEqual([400, "common.invalidCharacters", "Invalid input: title contains characters that are not allowed"]);

    // A raw NUL in a part header is refused as a malformed body; an encoded one (RFC 5987) gets through busboy.
    const raw = `${multipartHead(boundary, "min\u0000utes.txt", "text/plain")}Alice: hello\r\n--${boundary}--\r\n`;
    const malformed = await rawCall(createDocument, { token: user.token, contentType: `multipart/form-data; boundary=${boundary}`, body: raw });
    expect([malformed.status, malformed.data?.error]).toEqual([400, "common.malformedRequest"]);
    const encodedName = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''min%00u%07tes.txt\r\nContent-Type: text/plain\r\n\r\n`;
    const doc = `${encodedName}Alice: hello\nBob: hi\r\n--${boundary}--\r\n`;
    const res = await rawCall(createDocument, { token: user.token, contentType: `multipart/form-data; boundary=${boundary}`, body: doc });
    expect([res.status, res.message]).toEqual([200, "ok"]);
    const tasks = (res.data as { tasks: { id: string; title: string }[] }).tasks;
    const stored = await prisma.task.findUniqueOrThrow({ where: { id: tasks[0]!.id }, select: { title: true } });
    expect(stored.title).toBe("minutes");
  });
});

describe("login-link limits", () => {
  test("20 simultaneous sends for one address from 20 places: exactly 5 links, the rest 429 with Retry-After", async () => {
    const email = `flood-${Date.now()}@example.com`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const headers = { "x-forwarded-for": `192.0.2.${i + 1}` };
        const url = new URL("http://localhost:3000/api/test");
        const { NextRequest } = await import("next/server");
        const req = new NextRequest(url, { method: "POST", headers: { "x-locale": "en", "content-type": "application/json", ...headers }, body: JSON.stringify({ email, origin: "transcribe", turnstile_token: await solvedHumanToken() }) });
        const res = await sendLink(req, { params: Promise.resolve({}) });
        return { status: res.status, retryAfter: res.headers.get("retry-after"), body: (await res.json()) as { data: { error?: string }; message: string } };
      }),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(15);
    for (const r of refused) {
      expect([r.status, r.body.data.error]).toEqual([429, "common.rateLimited"]);
      expect(Number(r.retryAfter)).toBeGreaterThan(0);
      expect(r.body.message).toMatch(/^Too many requests, please try again in \d+ seconds$/);
    }
    const mails = fs.readdirSync(path.join(dataDir(), "outbox")).filter((f) => f.includes(email));
    expect(mails).toHaveLength(5);
    expect(await prisma.loginLink.count({ where: { email } })).toBe(5);
  });

  test("per client address: the ninth send in a minute is refused, whatever the client claims before the proxy's hop", async () => {
    const ip = "198.51.100.7";
    for (let i = 0; i < 8; i++) {
      const ok = await call(sendLink, { json: { turnstile_token: await solvedHumanToken(), email: `ip${i}-${Date.now()}@example.com` }, headers: { "x-forwarded-for": `203.0.113.${i}, ${ip}` } });
      expect(ok.status).toBe(200);
    }
    const refused = await call(sendLink, { json: { turnstile_token: await solvedHumanToken(), email: `ip9-${Date.now()}@example.com` }, headers: { "x-forwarded-for": `10.9.9.9, ${ip}` } });
    expect([refused.status, (refused.data as { error: string }).error]).toEqual([429, "common.rateLimited"]);
    const elsewhere = await call(sendLink, { json: { turnstile_token: await solvedHumanToken(), email: `other-${Date.now()}@example.com` }, headers: { "x-forwarded-for": "198.51.100.8" } });
    expect(elsewhere.status).toBe(200);
  });
});

describe("Ask AI, quiz and translation limits", () => {
  test("a free user gets the daily limit (3 here), a Pro user more, until the per-minute rate (4 here)", async () => {
    const free = await signIn("ai-free");
    const taskId = await seedTranscribedTask(free.userId, "Launch", MEETING);
    for (let i = 0; i < 2; i++) {
      const { status, envelope } = await callStream(ask, { token: free.token, json: { task_id: taskId, question: "Who sends the report?" } });
      expect([status, envelope]).toEqual([200, null]);
    }
    // Translation counts against the same limit (it passes it, then finds no provider here).
    const tr = await call(translate, { token: free.token, json: { task_id: taskId, target_language: "de" } });
    expect((tr.data as { error: string }).error).toBe("translation.needsProvider");
    const daily = await callStream(ask, { token: free.token, json: { task_id: taskId, question: "And the budget?" } });
    expect([daily.status, daily.envelope?.data]).toEqual([429, expect.objectContaining({ error: "common.dailyLimit" })]);
    expect(daily.envelope?.message).toBe("Today's limit of 3 AI requests is reached. It resets in 24 hours.");

    const pro = await signIn("ai-pro");
    await prisma.user.update({ where: { id: pro.userId }, data: { planCode: "pro" } });
    const proTask = await seedTranscribedTask(pro.userId, "Launch", MEETING);
    for (let i = 0; i < 4; i++) expect((await callStream(ask, { token: pro.token, json: { task_id: proTask, question: "Who?" } })).status).toBe(200);
    const rate = await callStream(ask, { token: pro.token, json: { task_id: proTask, question: "Who?" }, headers: { "x-locale": "fr" } });
    expect([rate.status, rate.envelope?.data]).toEqual([429, expect.objectContaining({ error: "common.rateLimited" })]);
    expect(rate.envelope?.message).toMatch(/^Trop de requêtes, veuillez réessayer dans \d+ secondes$/);
  });

  test("every path to a paid engine takes from the same limits: MCP's ask_question, summaries, and the REST routes", async () => {
    const pro = await signIn("ai-mcp");
    await prisma.user.update({ where: { id: pro.userId }, data: { planCode: "pro" } });
    const taskId = await seedTranscribedTask(pro.userId, "Launch", MEETING);
    const key = (await call<{ key: string }>(createMcpKey, { token: pro.token, json: { name: "limits" } })).data.key;
    const server = await serveRoute({ POST: mcpPost });
    const client = new Client({ name: "jest", version: "1.0.0" });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
      const askMcp = () => client.callTool({ name: "ask_question", arguments: { taskId, question: "Who sends the report?" } });
      const text = (r: Awaited<ReturnType<typeof askMcp>>) => (r.content as { text: string }[]).map((c) => c.text).join("");
      // The per-minute rate is 4: three asks through MCP and one summary request use it up.
      for (let i = 0; i < 3; i++) expect((await askMcp()).isError).toBeFalsy();
      expect((await call(analyze, { token: pro.token, params: { id: taskId }, json: { regenerate: false } })).code).toBe(200);
      const refused = await askMcp();
      expect(refused.isError).toBe(true);
      expect(text(refused)).toMatch(/^Too many requests, please try again in \d+ seconds$/);
      // The REST route shares the count, and no answer was written for the refused ask.
      const rest = await callStream(ask, { token: pro.token, json: { task_id: taskId, question: "And the budget?" } });
      expect([rest.status, rest.envelope?.data]).toEqual([429, expect.objectContaining({ error: "common.rateLimited" })]);
      expect(await prisma.chatMessage.count({ where: { taskId, role: "assistant" } })).toBe(3);
    } finally {
      await client.close();
      await server.close();
    }
  });
});
