import fs from "node:fs";
import path from "node:path";
import { POST as createUpload } from "@/app/api/transcription/create/route";
import { POST as mergeUpload } from "@/app/api/transcription/merge-transcribe/route";
import { POST as createDocument } from "@/app/api/transcription/create-document/route";
import { POST as toolUpload } from "@/app/api/tools/media/files/route";
import { GET as exportTask } from "@/app/api/transcription/tasks/[id]/export/route";
import { prisma } from "@/lib/server/prisma";
import { setupTestDatabase } from "@/tests/helpers/db";
import { CORPUS } from "@/tests/helpers/api";
import { rawCall } from "@/tests/helpers/raw";
import { seedTranscribedTask } from "@/tests/helpers/tasks";
import { signIn } from "@/tests/helpers/users";
import { NextRequest } from "next/server";

// File names as browsers send them. Chromium's FormData puts the name in the part's
// Content-Disposition as raw UTF-8 bytes, with no filename* (only " CR LF are %-escaped);
// the parser read those bytes as latin1, so 会议记录.wav became ä¼è®®è®°å½.
jest.setTimeout(60_000);

const WAV = fs.readFileSync(path.join(CORPUS, "single/en_LDC93S1.wav"));
const MPG = fs.readFileSync(path.join(CORPUS, "video/grid_id2_vcd_swwp2s.mpg"));
let user: Awaited<ReturnType<typeof signIn>>;

type Part = { name: string; value?: string; filename?: string; type?: string; data?: Buffer };

/** A multipart body byte for byte as Chromium 120+ encodes a FormData (blink's FormDataEncoder). */
function chromiumMultipart(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = "----WebKitFormBoundaryZ8rQ2nX4kLm1pV7s";
  const chunks: Buffer[] = [];
  const escape = (s: string) => s.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${escape(p.name)}"`;
    if (p.filename !== undefined) head += `; filename="${escape(p.filename)}"\r\nContent-Type: ${p.type ?? "application/octet-stream"}`;
    chunks.push(Buffer.from(`${head}\r\n\r\n`, "utf8"), p.data ?? Buffer.from(p.value ?? "", "utf8"), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function send(handler: Parameters<typeof rawCall>[0], parts: Part[], token = user.token) {
  const { body, contentType } = chromiumMultipart(parts);
  return rawCall(handler, { token, contentType, body: new Uint8Array(body) });
}

type Created = { tasks: { id: string; title: string }[] };

beforeAll(async () => {
  await setupTestDatabase();
  user = await signIn("names");
});

test("the body really carries the name as UTF-8 bytes, as a browser sends it", () => {
  const { body } = chromiumMultipart([{ name: "file", filename: "会议记录.wav", type: "audio/wav", data: Buffer.alloc(1) }]);
  expect(body.includes(Buffer.from([0xe4, 0xbc, 0x9a, 0xe8, 0xae, 0xae]))).toBe(true); // 会议
  expect(body.toString("latin1")).not.toContain("filename*");
});

test("an upload named 会议记录.wav is titled 会议记录", async () => {
  const res = await send(createUpload, [
    { name: "file", filename: "会议记录.wav", type: "audio/wav", data: WAV },
    { name: "start", value: "false" },
  ]);
  expect(res.status).toBe(200);
  const task = (res.data as unknown as Created).tasks[0]!;
  expect(task.title).toBe("会议记录");
  const stored = await prisma.task.findUniqueOrThrow({ where: { id: task.id }, select: { title: true, mediaParts: { select: { originalName: true } } } });
  expect(stored.title).toBe("会议记录");
  expect(stored.mediaParts[0]!.originalName).toBe("会议记录.wav");
});

test.each([
  ["Japanese", "議事録 第3回.wav", "議事録 第3回"],
  ["Korean", "회의록.wav", "회의록"],
  ["accented", "Réunion d'équipe – été.wav", "Réunion d'équipe – été"],
  ["quoted (the browser sends %22)", 'the "final" cut.wav', 'the "final" cut'],
])("%s names keep every character", async (_kind, filename, title) => {
  const res = await send(createUpload, [{ name: "file", filename, type: "audio/wav", data: WAV }, { name: "start", value: "false" }]);
  expect((res.data as unknown as Created).tasks[0]!.title).toBe(title);
});

test("a decomposed (NFD) name from macOS becomes the composed (NFC) title", async () => {
  const nfd = "Café 회의 résumé.wav".normalize("NFD");
  expect(nfd).not.toBe(nfd.normalize("NFC")); // the test really sends decomposed bytes
  const res = await send(createUpload, [{ name: "file", filename: nfd, type: "audio/wav", data: WAV }, { name: "start", value: "false" }]);
  const task = (res.data as unknown as Created).tasks[0]!;
  expect(task.title).toBe("Café 회의 résumé".normalize("NFC"));
  expect([...task.title].length).toBe(14);
  const stored = await prisma.task.findUniqueOrThrow({ where: { id: task.id }, select: { mediaParts: { select: { originalName: true } } } });
  expect(stored.mediaParts[0]!.originalName).toBe("Café 회의 résumé.wav".normalize("NFC"));
});

test("a merge upload takes its title from the first file, and a typed title stays as typed", async () => {
  const named = await send(mergeUpload, [
    { name: "file", filename: "第一部分.wav", type: "audio/wav", data: WAV },
    { name: "file", filename: "第二部分.wav", type: "audio/wav", data: WAV },
    { name: "start", value: "false" },
  ]);
  expect(named.status).toBe(200);
  expect((named.data as unknown as { task: { title: string } }).task.title).toBe("第一部分");
  const typed = await send(mergeUpload, [
    { name: "file", filename: "a.wav", type: "audio/wav", data: WAV },
    { name: "file", filename: "b.wav", type: "audio/wav", data: WAV },
    { name: "title", value: "周会 合并".normalize("NFD") },
    { name: "start", value: "false" },
  ]);
  expect((typed.data as unknown as { task: { title: string } }).task.title).toBe("周会 合并");
});

test("a document named 会议纪要.txt is titled 会议纪要", async () => {
  const res = await send(createDocument, [{ name: "file", filename: "会议纪要.txt", type: "text/plain", data: Buffer.from("今天讨论了预算和时间表。\n\n下周再议。", "utf8") }]);
  expect(res.status).toBe(200);
  expect((res.data as unknown as Created).tasks[0]!.title).toBe("会议纪要");
});

test("the media tools keep the original name", async () => {
  const res = await send(toolUpload, [
    { name: "tool", value: "extract" },
    { name: "file", filename: "発表会 ビデオ.mpg", type: "video/mpeg", data: MPG },
  ]);
  expect(res.status).toBe(200);
  expect((res.data as unknown as { file: { originalName: string } }).file.originalName).toBe("発表会 ビデオ.mpg");
});

test("an export of a Chinese title carries it through RFC 5987", async () => {
  const id = await seedTranscribedTask(user.userId, "会议记录", [{ at: 0, speaker: 0, text: "大家好。" }]);
  const req = new NextRequest(`http://localhost:3000/api/test?format=txt`, { headers: { authorization: `Bearer ${user.token}`, "x-locale": "en" } });
  const res = await exportTask(req, { params: Promise.resolve({ id }) });
  expect(res.status).toBe(200);
  const header = res.headers.get("content-disposition")!;
  expect(header).toBe(`attachment; filename="____.txt"; filename*=UTF-8''${encodeURIComponent("会议记录.txt")}`);
  // What a browser saves: the filename* value decoded.
  expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(header)![1]!)).toBe("会议记录.txt");
});
