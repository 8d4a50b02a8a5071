import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import mammoth from "mammoth";
import { NextRequest } from "next/server";
import { GET as exportRoute } from "@/app/api/transcription/tasks/[id]/export/route";
import { mindMapFromMarkdown } from "@/lib/analysis/mindmap";
import { prisma, Prisma } from "@/lib/server/prisma";
import { setupTestDatabase } from "@/tests/helpers/db";
import { MEETING, seedTranscribedTask } from "@/tests/helpers/tasks";
import { signIn } from "@/tests/helpers/users";

// Exports (issue 10; docs/exports.md; .xmind and PDF are Pro only): each format opened with a real reader.
jest.setTimeout(120_000);

let free: Awaited<ReturnType<typeof signIn>>;
let pro: Awaited<ReturnType<typeof signIn>>;
let stranger: Awaited<ReturnType<typeof signIn>>;
let taskId: string;
let proTask: string;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "exports-test-"));

const SUMMARY = "# Launch review\n\n## Decisions\n\n- Fix the **battery** drain before March\n- Keep the offline mode\n\n## Action items\n\n1. Maria sends the report by Friday\n";

async function analyzed(userId: string, title: string, lines = MEETING, summary = SUMMARY, language = "en") {
  const id = await seedTranscribedTask(userId, title, lines);
  await prisma.task.update({
    where: { id },
    data: { status: "analysis_completed", language, summary, summaryLanguage: language, mindMap: mindMapFromMarkdown(summary, title) as unknown as Prisma.InputJsonValue },
  });
  return id;
}

// unpdf loads PDF.js with a dynamic import, which jest's module sandbox refuses: it runs in plain Node.
const PDF_TEXT = `const { extractText, getDocumentProxy } = require("unpdf");
const chunks = []; process.stdin.on("data", (c) => chunks.push(c)).on("end", async () => {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(Buffer.concat(chunks))), { mergePages: true });
  process.stdout.write(text);
});`;
const pdfText = (pdf: Buffer) => execFileSync(process.execPath, ["-e", PDF_TEXT], { input: pdf, encoding: "utf8" });

async function download(token: string, id: string, query: Record<string, string>, locale = "en") {
  const url = new URL("http://localhost:3000/api/transcription/tasks/x/export");
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const req = new NextRequest(url, { headers: { authorization: `Bearer ${token}`, "x-locale": locale } });
  const res = await exportRoute(req, { params: Promise.resolve({ id }) });
  const bytes = Buffer.from(await res.arrayBuffer());
  const json = (res.headers.get("content-type") ?? "").includes("application/json") ? (JSON.parse(bytes.toString("utf8")) as { code: number; message: string; data: { error?: string } }) : null;
  return { status: res.status, headers: res.headers, bytes, text: bytes.toString("utf8"), json };
}

beforeAll(async () => {
  await setupTestDatabase();
  [free, pro, stranger] = [await signIn("exp-free"), await signIn("exp-pro"), await signIn("exp-stranger")];
  await prisma.user.update({ where: { id: pro.userId }, data: { planCode: "pro" } });
  taskId = await analyzed(free.userId, "Launch review: Q1/Q2 «beta»");
  proTask = await analyzed(pro.userId, "Launch review (pro)");
});

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

test("TXT: the file's type, nosniff, an RFC 5987 download name, and one \"[mm:ss] Name: text\" paragraph per turn", async () => {
  const res = await download(free.token, taskId, { format: "txt" });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("content-disposition")).toBe(`attachment; filename="Launch review_ Q1_Q2 _beta_.txt"; filename*=UTF-8''${encodeURIComponent("Launch review_ Q1_Q2 «beta».txt")}`);
  expect(res.text.startsWith("\ufeffLaunch review: Q1/Q2 «beta»\n\n[00:00] Speaker 1: Good morning everyone")).toBe(true);
  expect(res.text).toContain("\n\n[00:08] Speaker 2: The beta test finished last week");
  expect(res.text.trimEnd().endsWith("app store screenshots.")).toBe(true);
});

test("speaker names: the user's own names as given, default names in the reader's language", async () => {
  const speaker = await prisma.speaker.findFirstOrThrow({ where: { taskId, position: 1 } });
  await prisma.speaker.update({ where: { id: speaker.id }, data: { name: "Maria" } });
  const de = await download(free.token, taskId, { format: "txt" }, "de");
  expect(de.text).toContain("[00:00] Sprecher 1: Good morning");
  expect(de.text).toContain("[00:08] Maria: The beta test");
  const zh = await download(free.token, taskId, { format: "srt" }, "zh");
  expect(zh.text).toContain("说话人 1: Good morning");
  await prisma.speaker.update({ where: { id: speaker.id }, data: { name: "Speaker 2" } });
});

test("SRT: ffmpeg reads every cue, with speaker and times", async () => {
  const res = await download(free.token, taskId, { format: "srt" });
  expect(res.headers.get("content-type")).toBe("application/x-subrip; charset=utf-8");
  const file = path.join(tmp, "t.srt");
  fs.writeFileSync(file, res.bytes);
  const vtt = execFileSync("ffmpeg", ["-v", "error", "-i", file, "-f", "webvtt", "-"], { encoding: "utf8" });
  expect(vtt).toContain("00:00.000 --> 00:08.000\nSpeaker 1: Good morning everyone");
  expect((vtt.match(/-->/g) ?? []).length).toBe(MEETING.length);
  expect(res.text.split("\n\n").filter(Boolean).length).toBe(MEETING.length);
});

test("VTT: a WebVTT file ffmpeg turns into SRT, the speaker in a voice tag", async () => {
  const res = await download(free.token, taskId, { format: "vtt" });
  expect(res.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
  expect(res.text.startsWith("WEBVTT\n\n00:00:00.000 --> 00:00:08.000\n<v Speaker 1>Good morning")).toBe(true);
  const file = path.join(tmp, "t.vtt");
  fs.writeFileSync(file, res.bytes);
  const srt = execFileSync("ffmpeg", ["-v", "error", "-i", file, "-f", "srt", "-"], { encoding: "utf8" });
  expect((srt.match(/-->/g) ?? []).length).toBe(MEETING.length);
  expect(srt).toContain("We need to fix the battery drain before the launch in March.");
});

test("DOCX: mammoth reads the transcript (bold names) and the summary (headings, lists)", async () => {
  const transcript = await download(free.token, taskId, { format: "docx" });
  expect(transcript.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
  const html = (await mammoth.convertToHtml({ buffer: transcript.bytes })).value;
  expect(html).toContain("<strong>Speaker 1</strong>");
  expect(html).toContain("Good morning everyone, today we review the launch plan");
  expect(html).toContain("00:41");
  const summary = await download(free.token, taskId, { format: "docx", part: "summary" });
  expect(summary.headers.get("content-disposition")).toContain("Summary.docx");
  const shtml = (await mammoth.convertToHtml({ buffer: summary.bytes })).value;
  expect(shtml).toContain("<h1>Launch review</h1>");
  expect(shtml).toContain("<h2>Decisions</h2>");
  expect(shtml).toMatch(/<li>Fix the <strong>battery<\/strong> drain before March<\/li>/);
});

test("Markdown: the saved summary as it is", async () => {
  const res = await download(free.token, taskId, { format: "md" });
  expect(res.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
  expect(res.text).toBe(SUMMARY);
});

test("a free user asking for .xmind or PDF gets 403 with the upgrade message", async () => {
  for (const format of ["xmind", "pdf"]) {
    const res = await download(free.token, taskId, { format });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ code: 403, data: { error: "exports.proRequired" } });
    expect(res.json!.message).toBe("PDF and XMind export are Pro features. Upgrade to Pro to use them.");
  }
  const zh = await download(free.token, taskId, { format: "pdf" }, "zh");
  expect(zh.json!.message).toBe("PDF 和 XMind 导出是专业版功能，升级到专业版即可使用。");
});

test(".xmind (Pro): a zip whose content.json holds the mind map", async () => {
  const res = await download(pro.token, proTask, { format: "xmind" });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/vnd.xmind.workbook");
  const file = path.join(tmp, "map.xmind");
  fs.writeFileSync(file, res.bytes);
  const content = JSON.parse(execFileSync("unzip", ["-p", file, "content.json"], { encoding: "utf8" })) as { rootTopic: { title: string; children: { attached: { title: string; children?: { attached: { title: string }[] } }[] } } }[];
  const root = content[0]!.rootTopic;
  expect(root.title).toBe("Launch review");
  expect(root.children.attached.map((t) => t.title)).toEqual(["Decisions", "Action items"]);
  expect(root.children.attached[0]!.children!.attached.map((t) => t.title)).toEqual(["Fix the battery drain before March", "Keep the offline mode"]);
});

test("PDF (Pro): title, summary, mind-map outline and transcript, Chinese text extractable", async () => {
  const lines = [
    { speaker: 0, at: 0, text: "大家早上好，今天我们讨论新应用的发布计划。" },
    { speaker: 1, at: 6, text: "测试版上周结束了，用户非常喜欢离线模式，但是电池耗电是主要问题。" },
  ];
  const summary = "# 发布评审\n\n## 决定\n\n- 三月发布之前修复电池耗电问题\n";
  const id = await analyzed(pro.userId, "产品发布会议", lines, summary, "zh");
  const res = await download(pro.token, id, { format: "pdf" }, "zh");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/pdf");
  expect(res.bytes.subarray(0, 5).toString()).toBe("%PDF-");
  const text = pdfText(res.bytes);
  const flat = text.replace(/\s+/g, "");
  for (const s of ["产品发布会议", "摘要", "三月发布之前修复电池耗电问题", "思维导图", "转写文本", "说话人1", "测试版上周结束了，用户非常喜欢离线模式，但是电池耗电是主要问题。"]) expect(flat).toContain(s);
  expect(text).not.toMatch(/[\u4e00-\u9fff]-\n/);
});

test("a stranger is told the task does not exist; a collaborator may export", async () => {
  const res = await download(stranger.token, taskId, { format: "txt" });
  expect(res.json).toMatchObject({ code: 404, data: { error: "tasks.notFound" } });
  expect(res.text).not.toContain("Good morning");
  await prisma.collaborator.create({ data: { taskId, userId: stranger.userId } });
  const ok = await download(stranger.token, taskId, { format: "txt" });
  expect(ok.status).toBe(200);
  expect(ok.text).toContain("Good morning");
  await prisma.collaborator.deleteMany({ where: { taskId, userId: stranger.userId } });
});

test("bad input gets a clear message: unknown format, nothing to export yet", async () => {
  expect((await download(free.token, taskId, { format: "exe" })).json).toMatchObject({ code: 400 });
  const bare = await prisma.task.create({ data: { userId: free.userId, title: "Nothing yet", status: "not_started" }, select: { id: true } });
  const txt = await download(free.token, bare.id, { format: "txt" });
  expect(txt.json).toMatchObject({ data: { error: "exports.noTranscript" }, message: "There is no transcript to export yet" });
  expect((await download(free.token, bare.id, { format: "md" })).json).toMatchObject({ data: { error: "exports.noSummary" } });
  expect((await download(pro.token, proTask, { format: "srt", part: "summary" })).status).toBe(200);
});

test("a document without clock or speakers: TXT holds the text alone", async () => {
  const doc = await prisma.task.create({ data: { userId: free.userId, title: "Memo", status: "completed", source: "text" }, select: { id: true } });
  await prisma.timelineEntry.createMany({ data: ["Alice: Hi.", "Bob: Hello."].map((text, position) => ({ taskId: doc.id, position, begin: 0, end: 0, text })) });
  expect((await download(free.token, doc.id, { format: "txt" })).text).toBe("\ufeffMemo\n\nAlice: Hi. Bob: Hello.\n");
});
