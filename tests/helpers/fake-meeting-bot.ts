/**
 * A loopback stand-in for a meeting-bot provider speaking the Recall.ai Bot API v1 subset
 * that lib/meetings/provider.ts uses (docs/meetings.md):
 *
 *   POST /api/v1/bot/                 {meeting_url, bot_name} -> 201 bot
 *   GET  /api/v1/bot/{id}/            -> bot {id, status_changes, recordings}
 *   POST /api/v1/bot/{id}/leave_call/ -> bot
 *   GET  /media/{id}/{token}/{name}   the recording, like a pre-signed storage link (no API key)
 *
 * Bots move joining_call -> in_call_recording (after joinMs) -> call_ended (meetingMs later)
 * -> done (processingMs later, when the recording link appears). endMeeting/failBot, or
 * POST /_fake/bots/{id}/end and /_fake/bots/{id}/fail?sub_code=..., change that by hand.
 *
 * Standalone (browser tests):
 *   npx tsx tests/helpers/fake-meeting-bot.ts --port 3312 --media <file> --key <key> --join-ms 1500 --meeting-ms 4000
 */
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { listenOn } from "./ports";

export interface FakeMeetingBotOptions {
  /** The file served as the recording (e.g. an MP4 made from a corpus clip). */
  mediaFile: string;
  /** The API key expected in "Authorization: Token <key>"; random when omitted. */
  key?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** From creation to in_call_recording. Default 100 ms. */
  joinMs?: number;
  /** From in_call_recording to call_ended; omitted: until endMeeting or leave_call. */
  meetingMs?: number;
  /** From call_ended to done (when the recording link appears). Default 0. */
  processingMs?: number;
  /** Which media shortcut carries the recording. Default video_mixed. */
  shortcut?: "video_mixed" | "audio_mixed";
}

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
  status: number;
}

export interface FakeMeetingBot {
  url: string;
  key: string;
  requests: RecordedRequest[];
  /** Ends the meeting now (the host ended it); before the bot joined, there is no recording. */
  endMeeting(botId: string): void;
  /** The bot hits a fatal error now, with Recall's sub_code. */
  failBot(botId: string, subCode: string): void;
  /** The next `count` API requests answer `status` (default 503) instead. */
  failNextRequests(count: number, status?: number): void;
  close(): Promise<void>;
}

interface Bot {
  id: string;
  meetingUrl: string;
  botName: string;
  createdAt: number;
  joinAt: number;
  endAt: number;
  endSubCode: string;
  fatal: { at: number; subCode: string } | null;
  mediaToken: string;
}

interface StatusChange {
  code: string;
  sub_code: string | null;
  created_at: string;
}

interface Reply {
  status: number;
  json?: unknown;
}

const MIME_BY_EXT: Record<string, string> = {
  ".mp4": "video/mp4",
  ".mp3": "audio/mpeg",
  ".m4a": "audio/mp4",
  ".wav": "audio/wav",
  ".webm": "video/webm",
};

export async function startFakeMeetingBot(opts: FakeMeetingBotOptions): Promise<FakeMeetingBot> {
  const fake = new FakeProvider(opts);
  const server = http.createServer((req, res) => void fake.handle(req, res));
  await listenOn(server, opts.port ?? 0);
  const { port } = server.address() as AddressInfo;
  fake.origin = `http://127.0.0.1:${port}`;
  return {
    url: fake.origin,
    key: fake.key,
    requests: fake.requests,
    endMeeting: (botId) => fake.endMeeting(botId),
    failBot: (botId, subCode) => fake.failBot(botId, subCode),
    failNextRequests: (count, status = 503) => fake.failNext.push(...Array<number>(count).fill(status)),
    close: () => closeServer(server),
  };
}

class FakeProvider {
  readonly key: string;
  readonly requests: RecordedRequest[] = [];
  readonly failNext: number[] = [];
  origin = "";
  private readonly bots = new Map<string, Bot>();

  constructor(private readonly opts: FakeMeetingBotOptions) {
    this.key = opts.key ?? randomBytes(12).toString("hex");
  }

  async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://fake");
    if (req.method === "GET" && url.pathname.startsWith("/media/")) return this.serveMedia(url.pathname, req, res);
    const body = await readBody(req);
    const reply = this.failNext.length && url.pathname.startsWith("/api/")
      ? { status: this.failNext.shift()!, json: { detail: "Injected failure." } }
      : this.route(req, url, body);
    this.requests.push({ method: req.method ?? "", path: url.pathname, authorization: req.headers.authorization ?? null, body, status: reply.status });
    sendJson(res, reply);
  }

  endMeeting(botId: string, subCode = "call_ended_by_host"): void {
    const bot = this.mustFind(botId);
    const now = Date.now();
    if (bot.endAt > now) Object.assign(bot, { endAt: now, endSubCode: subCode });
  }

  failBot(botId: string, subCode: string): void {
    const bot = this.mustFind(botId);
    if (!this.isOver(bot, Date.now())) bot.fatal = { at: Date.now(), subCode };
  }

  private route(req: http.IncomingMessage, url: URL, body: unknown): Reply {
    if (req.headers.authorization !== `Token ${this.key}`) {
      return { status: 401, json: { detail: req.headers.authorization ? "Invalid token." : "Authentication credentials were not provided." } };
    }
    const parts = url.pathname.split("/").filter(Boolean);
    const [a, b, c, botId, action] = parts;
    if (a === "_fake") return this.control(req.method, parts.slice(1), url);
    if (a !== "api" || b !== "v1" || c !== "bot") return { status: 404, json: { detail: "Not found." } };
    if (req.method === "POST" && !botId) return this.createBot(body);
    const bot = botId ? this.bots.get(botId) : undefined;
    if (!bot) return { status: 404, json: { detail: "Not found." } };
    if (req.method === "GET" && !action) return { status: 200, json: this.botJson(bot) };
    if (req.method === "POST" && action === "leave_call") return this.leaveCall(bot);
    return { status: 405, json: { detail: `Method "${req.method}" not allowed.` } };
  }

  private createBot(body: unknown): Reply {
    const input = (body ?? {}) as { meeting_url?: unknown; bot_name?: unknown };
    if (typeof input.meeting_url !== "string" || !input.meeting_url) return { status: 400, json: { meeting_url: ["This field is required."] } };
    const now = Date.now();
    const joinAt = now + (this.opts.joinMs ?? 100);
    const bot: Bot = {
      id: randomUUID(),
      meetingUrl: input.meeting_url,
      botName: typeof input.bot_name === "string" ? input.bot_name : "Meeting Notetaker",
      createdAt: now,
      joinAt,
      endAt: this.opts.meetingMs === undefined ? Infinity : joinAt + this.opts.meetingMs,
      endSubCode: "call_ended_by_host",
      fatal: null,
      mediaToken: randomBytes(16).toString("hex"),
    };
    this.bots.set(bot.id, bot);
    return { status: 201, json: this.botJson(bot) };
  }

  private leaveCall(bot: Bot): Reply {
    if (this.isOver(bot, Date.now())) return { status: 400, json: { detail: "Bot is not in a call." } };
    this.endMeeting(bot.id, "bot_received_leave_call");
    return { status: 200, json: this.botJson(bot) };
  }

  /** Hand controls for browser tests, which cannot reach this process's methods. */
  private control(method: string | undefined, [bots, botId, verb]: string[], url: URL): Reply {
    const bot = bots === "bots" && botId ? this.bots.get(botId) : undefined;
    if (method === "GET" && bots === "bots" && !botId) return { status: 200, json: [...this.bots.values()].map((b) => this.botJson(b)) };
    if (!bot || method !== "POST") return { status: 404, json: { detail: "Not found." } };
    if (verb === "end") this.endMeeting(bot.id);
    else if (verb === "fail") this.failBot(bot.id, url.searchParams.get("sub_code") ?? "bot_errored");
    else return { status: 404, json: { detail: "Not found." } };
    return { status: 200, json: this.botJson(bot) };
  }

  private botJson(bot: Bot) {
    const now = Date.now();
    return {
      id: bot.id,
      meeting_url: bot.meetingUrl,
      bot_name: bot.botName,
      join_at: null,
      status_changes: statusChanges(bot, now, this.opts.processingMs ?? 0),
      recordings: this.recordings(bot, now),
    };
  }

  private recordings(bot: Bot, now: number) {
    const recordedUntil = Math.min(bot.endAt, bot.fatal?.at ?? Infinity);
    if (bot.joinAt >= recordedUntil || bot.joinAt > now) return [];
    const ready = !bot.fatal && bot.endAt + (this.opts.processingMs ?? 0) <= now;
    const shortcut = this.opts.shortcut ?? "video_mixed";
    const mediaUrl = `${this.origin}/media/${bot.id}/${bot.mediaToken}/${path.basename(this.opts.mediaFile)}`;
    const media = { id: `${bot.id}-media`, status: { code: ready ? "done" : "processing", sub_code: null }, data: { download_url: ready ? mediaUrl : null } };
    return [
      {
        id: `${bot.id}-recording`,
        started_at: iso(bot.joinAt),
        completed_at: ready ? iso(bot.endAt) : null,
        status: { code: ready ? "done" : "processing", sub_code: null, updated_at: iso(now) },
        media_shortcuts: { video_mixed: null, audio_mixed: null, transcript: null, [shortcut]: media },
      },
    ];
  }

  private isOver(bot: Bot, now: number): boolean {
    return bot.endAt <= now || (bot.fatal !== null && bot.fatal.at <= now);
  }

  private serveMedia(pathname: string, req: http.IncomingMessage, res: http.ServerResponse): void {
    const refusal = this.mediaRefusal(pathname, req);
    this.requests.push({ method: "GET", path: pathname, authorization: req.headers.authorization ?? null, body: null, status: refusal?.status ?? 200 });
    if (refusal) return sendJson(res, refusal);
    const type = MIME_BY_EXT[path.extname(this.opts.mediaFile).toLowerCase()] ?? "application/octet-stream";
    res.writeHead(200, { "Content-Type": type, "Content-Length": fs.statSync(this.opts.mediaFile).size });
    fs.createReadStream(this.opts.mediaFile).pipe(res);
  }

  private mediaRefusal(pathname: string, req: http.IncomingMessage): Reply | null {
    // A pre-signed S3 link refuses a second kind of authorisation (such as the API key).
    if (req.headers.authorization) return { status: 400, json: { detail: "Only one auth mechanism allowed" } };
    const [, , botId, token] = pathname.split("/");
    const bot = botId ? this.bots.get(botId) : undefined;
    return bot && token === bot.mediaToken ? null : { status: 403, json: { detail: "Access denied" } };
  }

  private mustFind(botId: string): Bot {
    const bot = this.bots.get(botId);
    if (!bot) throw new Error(`fake meeting bot: no bot ${botId}`);
    return bot;
  }
}

/** The bot's history as of `now`, oldest first, as Recall lists it. */
function statusChanges(bot: Bot, now: number, processingMs: number): StatusChange[] {
  const stopAt = Math.min(bot.fatal?.at ?? Infinity, now);
  const events: [number, string, string | null][] = [[bot.createdAt, "joining_call", null]];
  if (bot.joinAt < bot.endAt) events.push([bot.joinAt, "in_call_recording", null]);
  events.push([bot.endAt, "call_ended", bot.endSubCode], [bot.endAt + processingMs, "done", null]);
  const happened = events.filter(([at]) => at <= stopAt);
  if (bot.fatal && bot.fatal.at <= now) happened.push([bot.fatal.at, "fatal", bot.fatal.subCode]);
  return happened.map(([at, code, subCode]) => ({ code, sub_code: subCode, created_at: iso(at) }));
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

async function readBody(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function sendJson(res: http.ServerResponse, reply: Reply): void {
  res.writeHead(reply.status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(reply.json ?? {}));
}

function closeServer(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
}

function cliOptions(argv: string[]): FakeMeetingBotOptions {
  const value = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const number = (name: string) => (value(name) === undefined ? undefined : Number(value(name)));
  const mediaFile = value("media");
  if (!mediaFile || !fs.existsSync(mediaFile)) throw new Error("--media <existing file> is required");
  const shortcut = value("shortcut");
  return {
    mediaFile: path.resolve(mediaFile),
    key: value("key"),
    port: number("port"),
    joinMs: number("join-ms"),
    meetingMs: number("meeting-ms"),
    processingMs: number("processing-ms"),
    shortcut: shortcut === "audio_mixed" ? "audio_mixed" : "video_mixed",
  };
}

async function main(): Promise<void> {
  const fake = await startFakeMeetingBot(cliOptions(process.argv.slice(2)));
  console.log(`fake meeting bot listening on ${fake.url} (key ${fake.key})`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

if (require.main === module) {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
