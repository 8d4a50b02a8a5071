// Runs hostile cases against the real route handlers and judges each answer:
// no 500, no hang, a catalogue message in the caller's language, no task and
// no file left behind by a refused request, nothing written outside DATA_DIR.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { POST as create } from "@/app/api/transcription/create/route";
import { POST as merge } from "@/app/api/transcription/merge-transcribe/route";
import { POST as createDocument } from "@/app/api/transcription/create-document/route";
import { POST as documentEstimate } from "@/app/api/transcription/document-estimate/route";
import { POST as pasteText } from "@/app/api/transcription/paste-text/route";
import { POST as importLink } from "@/app/api/transcription/import-link/route";
import { POST as joinMeeting } from "@/app/api/meetings/join/route";
import { PUT as editTitle } from "@/app/api/transcription/[id]/edit-title/route";
import { PUT as editSpeakers } from "@/app/api/transcription/[id]/edit-speaker-names/route";
import { PUT as editEntries } from "@/app/api/transcription/[id]/edit/route";
import { POST as hotword } from "@/app/api/hotwords/route";
import { POST as hotwordBatch } from "@/app/api/hotwords/batch/route";
import { PUT as hotwordUpdate } from "@/app/api/hotwords/[id]/route";
import { PUT as style } from "@/app/api/analysis/style/route";
import { POST as ask } from "@/app/api/ask-ai/route";
import { POST as translation } from "@/app/api/translation/route";
import { PUT as language } from "@/app/api/auth/user/language/route";
import { PUT as preferences } from "@/app/api/auth/user/preferences/route";
import { POST as sendLink } from "@/app/api/auth/email/send/route";
import { solvedHumanToken } from "@/tests/helpers/human";
import { POST as verifyLink } from "@/app/api/auth/email/verify/route";
import { POST as devLogin } from "@/app/api/auth/dev/route";
import { GET as listTasks } from "@/app/api/transcription/tasks/route";
import { GET as mediaUrl } from "@/app/api/transcription/tasks/[id]/media-url/route";
import { GET as media } from "@/app/api/media/[taskId]/route";
import { errorCatalogue } from "@/lib/server/errors";
import { prisma } from "@/lib/server/prisma";
import { rawCall, type RawAnswer } from "./call";
import type { HostileCase, RouteName } from "./hostile-cases";

type Handler = Parameters<typeof rawCall>[0];

const ROUTES: Record<RouteName, { handler: Handler; method: string; params?: "task" | "hotword"; auth: boolean }> = {
  create: { handler: create, method: "POST", auth: true },
  merge: { handler: merge, method: "POST", auth: true },
  createDocument: { handler: createDocument, method: "POST", auth: true },
  documentEstimate: { handler: documentEstimate, method: "POST", auth: true },
  pasteText: { handler: pasteText, method: "POST", auth: true },
  importLink: { handler: importLink, method: "POST", auth: true },
  joinMeeting: { handler: joinMeeting, method: "POST", auth: true },
  editTitle: { handler: editTitle, method: "PUT", params: "task", auth: true },
  editSpeakers: { handler: editSpeakers, method: "PUT", params: "task", auth: true },
  editEntries: { handler: editEntries, method: "PUT", params: "task", auth: true },
  hotword: { handler: hotword, method: "POST", auth: true },
  hotwordBatch: { handler: hotwordBatch, method: "POST", auth: true },
  hotwordUpdate: { handler: hotwordUpdate, method: "PUT", params: "hotword", auth: true },
  style: { handler: style, method: "PUT", auth: true },
  ask: { handler: ask, method: "POST", auth: true },
  translation: { handler: translation, method: "POST", auth: true },
  language: { handler: language, method: "PUT", auth: true },
  preferences: { handler: preferences, method: "PUT", auth: true },
  sendLink: { handler: sendLink, method: "POST", auth: false },
  verifyLink: { handler: verifyLink, method: "POST", auth: false },
  devLogin: { handler: devLogin, method: "POST", auth: false },
  listTasks: { handler: listTasks, method: "GET", auth: true },
};

const LOCALES = ["en", "de", "zh"] as const;
type Messages = Record<string, Record<string, string>>;
const messages: Record<string, Messages> = Object.fromEntries(
  LOCALES.map((l) => [l, JSON.parse(fs.readFileSync(path.resolve(__dirname, `../../messages/${l}/errors.json`), "utf8")) as Messages]),
);

function template(locale: string, key: string): string | undefined {
  const [group, name] = key.split(".");
  return messages[locale]?.[group!]?.[name!];
}

function englishPattern(key: string): RegExp | null {
  const en = template("en", key);
  if (!en) return null;
  const parts = en.split(/\{[^}]+\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join(".*")}$`, "s");
}

/** Problems with a refusal's message, or null. */
export function judgeMessage(answer: RawAnswer, locale: string): string | null {
  const key = answer.errorKey;
  if (!key || !(key in errorCatalogue)) return `no catalogue key (data.error=${key})`;
  if (!answer.message) return `empty message for ${key}`;
  if (locale !== "en") {
    if (englishPattern(key)?.test(answer.message)) return `English message "${answer.message.slice(0, 80)}" for x-locale ${locale} (${key})`;
    if (!template(locale, key)) return `no ${locale} translation of ${key}`;
  }
  if (locale === "zh" && !/[\u3400-\u9fff]/.test(answer.message)) return `message "${answer.message.slice(0, 80)}" is not Chinese (${key})`;
  return null;
}

function filesUnder(dir: string, skip: string[]): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (skip.some((s) => full.startsWith(s))) continue;
      if (e.isDirectory()) walk(full);
      else out.push(full);
    }
  };
  walk(dir);
  return out.sort();
}

export interface HostileContext {
  token: string;
  userId: string;
  taskId: string;
  speakerId: string;
  hotwordId: string;
  dataDir: string;
}

export interface HostileResult {
  name: string;
  category: string;
  locale: string;
  status: number;
  code: number | null;
  errorKey: string | null;
  ms: number;
  accepted: boolean;
  createdTaskId: string | null;
  problem: string | null;
}

function substitute(value: unknown, ctx: HostileContext): unknown {
  if (value === undefined) return undefined;
  return JSON.parse(JSON.stringify(value).replaceAll("{task}", ctx.taskId).replaceAll("{speaker}", ctx.speakerId));
}

export async function runHostileCase(c: HostileCase, index: number, ctx: HostileContext): Promise<HostileResult> {
  const locale = LOCALES[index % LOCALES.length]!;
  const route = ROUTES[c.route];
  const skip = [path.join(ctx.dataDir, "outbox")];
  const tasksBefore = await prisma.task.count({ where: { userId: ctx.userId } });
  const filesBefore = filesUnder(ctx.dataDir, skip);
  let form: FormData | undefined;
  if (c.files) {
    form = new FormData();
    for (const f of c.files) form.append("file", new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
    for (const [k, v] of Object.entries(c.fields ?? { start: "false" })) form.append(k, v);
  }
  const params = route.params === "task" ? { id: ctx.taskId } : route.params === "hotword" ? { id: ctx.hotwordId } : undefined;
  const answer = await rawCall(route.handler, {
    method: route.method,
    token: route.auth ? ctx.token : undefined,
    locale,
    params,
    query: c.query,
    // Sign-in starts need a solved human check, or every case would stop at verify.required (lib/verify).
    json: c.route === "sendLink" ? { ...(substitute(c.json, ctx) as object), turnstile_token: await solvedHumanToken() } : substitute(c.json, ctx),
    raw: c.raw,
    contentType: c.contentType,
    form,
    // Spread the unauthenticated cases over addresses so per-IP limits do not answer them all.
    headers: { "x-forwarded-for": `10.${index % 250}.${Math.floor(index / 250) % 250}.7` },
    timeoutMs: 30_000,
  });
  const accepted = answer.status === 200 && answer.code === 200;
  let problem: string | null = null;
  let createdTaskId: string | null = null;
  if (answer.hung) problem = "no answer within 30 s";
  else if (answer.threw) problem = `handler threw: ${answer.threw}`;
  else if (answer.status === 500 || answer.code === 500 || !answer.errorKey && (answer.status >= 500 || (answer.code ?? 0) >= 500)) problem = `server error ${answer.status}/${answer.code} ${answer.errorKey ?? ""} "${answer.message.slice(0, 80)}"`;
  else if (accepted && !c.mayAccept) problem = "accepted (200) an input that must be refused";
  else if (!accepted) {
    problem = judgeMessage(answer, locale);
    const tasksAfter = await prisma.task.count({ where: { userId: ctx.userId } });
    if (!problem && tasksAfter !== tasksBefore) problem = `refused but left ${tasksAfter - tasksBefore} task(s)`;
    // Files of tasks that exist belong to accepted work the worker is doing meanwhile, not to this refusal.
    const fresh = filesUnder(ctx.dataDir, skip).filter((f) => !filesBefore.includes(f));
    const left: string[] = [];
    for (const f of fresh) {
      const ids = path.relative(ctx.dataDir, f).split(path.sep).filter((p) => /^t[0-9a-f]{20,}$/.test(p));
      if (ids.length && (await prisma.task.count({ where: { id: { in: ids } } })) > 0) continue;
      left.push(f);
    }
    if (!problem && left.length) problem = `refused but left files: ${left.slice(0, 3).map((f) => path.relative(ctx.dataDir, f)).join(", ")}`;
  }
  if (accepted) {
    const created = await prisma.task.findFirst({ where: { userId: ctx.userId }, orderBy: { createTime: "desc" }, select: { id: true } });
    if ((await prisma.task.count({ where: { userId: ctx.userId } })) > tasksBefore) createdTaskId = created?.id ?? null;
  }
  if (!problem && accepted && c.mustStrip) problem = await storedControlCharacters(answer, ctx);
  if (!problem && accepted && c.route === "sendLink") problem = unsafeReturnUrlInMail(ctx.dataDir);
  if (!problem && c.canary && fs.existsSync(c.canary)) problem = `a file was written outside DATA_DIR: ${c.canary}`;
  if (!problem && accepted && createdTaskId && c.category === "media: hostile metadata") problem = await judgeServedMedia(createdTaskId, ctx);
  return { name: c.name, category: c.category, locale, status: answer.status, code: answer.code, errorKey: answer.errorKey, ms: answer.ms, accepted, createdTaskId, problem };
}

// JSON escapes of C0 controls other than \n and \t, and of lone surrogates.
const STORED_CONTROL = /\\u00[01][0-9a-f]|\\u007f|\\[bf]|\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])|\\ud[c-f][0-9a-f]{2}/i;

/** An accepted text with control characters must have had them stripped: in the answer and in what the target task holds. */
async function storedControlCharacters(answer: RawAnswer, ctx: HostileContext): Promise<string | null> {
  void answer; // what was stored counts, not an echo of the refused line
  const task = await prisma.task.findUnique({ where: { id: ctx.taskId }, select: { title: true, speakers: { select: { name: true } }, timeline: { select: { text: true } } } });
  const latest = await prisma.task.findFirst({ where: { userId: ctx.userId }, orderBy: { createTime: "desc" }, select: { title: true, fullText: true } });
  const hotwords = await prisma.hotword.findMany({ where: { userId: ctx.userId }, select: { text: true } });
  const user = await prisma.user.findUnique({ where: { id: ctx.userId } });
  const style = await prisma.customStyle.findUnique({ where: { userId: ctx.userId } });
  const stored = JSON.stringify([task, latest, hotwords, user, style]);
  if (STORED_CONTROL.test(stored)) return `accepted and stored control characters: ${STORED_CONTROL.exec(stored)![0]}`;
  return null;
}

/** The newest login mail's link must carry no return_url, or a same-origin page path (never /api/, never //host). */
function unsafeReturnUrlInMail(dataDir: string): string | null {
  const dir = path.join(dataDir, "outbox");
  if (!fs.existsSync(dir)) return null;
  const newest = fs.readdirSync(dir).map((f) => path.join(dir, f)).sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
  if (!newest) return null;
  const text = (JSON.parse(fs.readFileSync(newest, "utf8")) as { text?: string }).text ?? "";
  const link = /https?:\/\/\S+token=\S+/.exec(text)?.[0];
  if (!link) return null;
  const ret = new URL(link).searchParams.get("return_url") ?? new URL(link).searchParams.get("returnUrl");
  if (ret === null) return null;
  if (!ret.startsWith("/") || ret.startsWith("//") || ret.startsWith("/\\") || /[\u0000-\u001f\u007f]/.test(ret) || ret.startsWith("/api/") || ret === "/api") return `login mail carries return_url ${JSON.stringify(ret)}`;
  return null;
}

/** Seconds of audio that really decode from these bytes. */
function decodedSeconds(data: Buffer, scratch: string): number {
  const file = path.join(scratch, `drill-decode-${process.pid}-${Date.now()}`);
  fs.writeFileSync(file, data);
  try {
    const out = spawnSync("ffmpeg", ["-hide_banner", "-nostats", "-i", file, "-f", "null", "-"], { encoding: "utf8" });
    const times = [...(out.stderr ?? "").matchAll(/time=(\d+):(\d+):(\d+(?:\.\d+)?)/g)].map((m) => Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]));
    return times.at(-1) ?? 0;
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/**
 * Accepted truncated media, once its transcription ended, is measured and billed on what decodes, not on
 * what its header claims: completed → duration and live charge at most the decoded length (+1 s rounding);
 * failed → nothing left charged.
 */
export async function judgeBilledDuration(taskId: string, data: Buffer, scratch: string): Promise<string | null> {
  const row = await prisma.task.findUnique({ where: { id: taskId }, select: { duration: true, status: true } });
  const charge = await prisma.usageCharge.findUnique({ where: { taskId }, select: { seconds: true, refundedAt: true } });
  const live = charge && !charge.refundedAt ? charge.seconds : 0;
  const real = decodedSeconds(data, scratch);
  if (row?.status === "failed") return live ? `failed but ${live} s still charged` : null;
  if (row?.duration != null && row.duration > real + 0.5) return `ended ${row.status} with duration ${row.duration} s (header) though only ${real.toFixed(2)} s decodes`;
  if (live > Math.ceil(real) + 1) return `ended ${row?.status}: ${live} s charged though only ${real.toFixed(2)} s decodes`;
  return null;
}

/** Accepted media with hostile metadata must be served as media, never as something a browser renders. */
async function judgeServedMedia(taskId: string, ctx: HostileContext): Promise<string | null> {
  const signed = await rawCall(mediaUrl, { method: "GET", token: ctx.token, params: { id: taskId } });
  const url = (JSON.parse(Buffer.from(signed.text, "latin1").toString("utf8")) as { data?: { url?: string } }).data?.url;
  if (!url) return `no media URL (${signed.status} ${signed.errorKey})`;
  const u = new URL(url, "http://localhost");
  const { NextRequest } = await import("next/server");
  const res = await media(new NextRequest(new URL(u.pathname + u.search, "http://localhost")), { params: Promise.resolve({ taskId }) });
  await res.arrayBuffer();
  const type = res.headers.get("content-type") ?? "";
  const problems: string[] = [];
  if (!/^(audio|video)\//.test(type)) problems.push(`served as "${type}"`);
  if (res.headers.get("x-content-type-options") !== "nosniff") problems.push("no X-Content-Type-Options: nosniff");
  if (!/sandbox/.test(res.headers.get("content-security-policy") ?? "")) problems.push("no CSP sandbox");
  return problems.length ? `stored media ${problems.join(", ")}` : null;
}

export function hostileSummary(results: HostileResult[]): string {
  const byCategory = new Map<string, { cases: number; accepted: number; failed: number }>();
  for (const r of results) {
    const s = byCategory.get(r.category) ?? { cases: 0, accepted: 0, failed: 0 };
    s.cases++;
    if (r.accepted) s.accepted++;
    if (r.problem) s.failed++;
    byCategory.set(r.category, s);
  }
  const lines = [...byCategory].map(([cat, s]) => `${cat.padEnd(30)} ${String(s.cases).padStart(5)} ${String(s.accepted).padStart(8)} ${String(s.failed).padStart(7)}`);
  return [`${"category".padEnd(30)} ${"cases".padStart(5)} ${"accepted".padStart(8)} ${"failing".padStart(7)}`, ...lines].join("\n");
}
