/**
 * A real HTTP server on loopback that speaks OpenAI's chat completions API
 * (POST /v1/chat/completions, JSON or server-sent-event streaming), so the
 * project's code runs through the real `openai` SDK in tests. Its "model"
 * is deterministic: it builds summaries, quizzes, translations and answers
 * from the transcript lines it is sent. It can also hang, fail or answer
 * garbage, to test how the product copes.
 *
 *   in jest:       const ai = await startFakeOpenAi(); ... ai.mode = "hang"; ... await ai.close();
 *   for e2e:       npx tsx tests/helpers/fake-openai.ts --port 3313 [--delay-ms 40]
 */
import http from "node:http";
import { listenOn } from "./ports";

export type FakeMode = "ok" | "hang" | "garbage" | "empty" | "error";

interface ChatRequest {
  model: string;
  stream?: boolean;
  response_format?: { type: string };
  messages: { role: string; content: string }[];
}

export interface FakeOpenAi {
  url: string;
  mode: FakeMode;
  /** Pause between streamed pieces, so a browser can watch the answer grow. */
  delayMs: number;
  requests: { authorization?: string; body: ChatRequest }[];
  close(): Promise<void>;
}

const LINE = /^\[(\d+:\d{2}(?::\d{2})?)\]\s*(?:([^:]{1,40}):\s*)?(.*)$/;

function transcriptOf(text: string): { time: string; speaker: string; text: string }[] {
  return text
    .split("\n")
    .map((l) => LINE.exec(l.trim()))
    .filter((m): m is RegExpExecArray => m !== null && m[3]!.trim().length > 0)
    .map((m) => ({ time: m[1]!, speaker: m[2] ?? "", text: m[3]!.trim() }));
}

const words = (s: string) => new Set(s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

function summaryOf(user: string): string {
  const title = /^Title: (.*)$/m.exec(user)?.[1] ?? "Recording";
  const lines = transcriptOf(user);
  const points = lines.slice(0, 4).map((l) => `- ${l.text} [${l.time}]`);
  return [`# ${title}`, "", "## Overview", "", lines[0]?.text ?? "A short recording.", "", "## Key points", "", ...points, "", "## Topics", "", "### Main discussion", "", ...points.slice(0, 2), ""].join("\n");
}

function quizOf(system: string, user: string): string {
  const count = Number(/Write (\d+) /.exec(system)?.[1] ?? 3);
  const lines = transcriptOf(user);
  const questions = Array.from({ length: Math.min(count, Math.max(lines.length, 1)) }, (_, i) => {
    const line = lines[i % Math.max(lines.length, 1)];
    return {
      kind: "truefalse",
      prompt: `True or false: "${line?.text ?? "the recording has speech"}"`,
      options: ["True", "False"],
      answer: [0],
      analysis: `The recording says at [${line?.time ?? "00:00"}]: "${line?.text ?? ""}"`,
      time: line?.time ?? "00:00",
    };
  });
  return JSON.stringify({ questions });
}

function translationOf(system: string, user: string): string {
  const language = /into ([^.]+)\./.exec(system)?.[1] ?? "Other";
  const tag = `(${language})`;
  if (system.includes("Markdown")) return user.replace(/^(#+ |- )?(.+)$/gm, (_m, prefix: string | undefined, text: string) => `${prefix ?? ""}${tag} ${text}`);
  const { items } = JSON.parse(user) as { items: string[] };
  return JSON.stringify({ items: items.map((s) => `${tag} ${s}`) });
}

function answerOf(system: string, question: string): string {
  const lines = transcriptOf(system);
  const asked = words(question);
  const best = [...lines].sort((a, b) => [...words(b.text)].filter((w) => asked.has(w)).length - [...words(a.text)].filter((w) => asked.has(w)).length)[0];
  if (!best) return "The transcript does not say.";
  return `According to the recording:\n\n> [${best.time}] ${best.speaker ? `${best.speaker}: ` : ""}${best.text}\n\nThat is what was said about it.`;
}

/** Chapters at the first line and half way, per-speaker lines, and a to-do for each line with "will": line numbers from the "k| [mm:ss] …" lines. */
function outlineOf(user: string): string {
  const lines = [...user.matchAll(/^(\d+)\| \[[^\]]+\] (?:([^:]{1,40}): )?(.*)$/gm)].map((m) => ({ line: Number(m[1]), speaker: m[2] ?? null, text: m[3]! }));
  const half = lines[Math.floor(lines.length / 2)];
  const chapters = [{ line: 0, title: "Opening", gist: lines[0]?.text ?? "" }, ...(half && half.line > 0 ? [{ line: half.line, title: "Second part", gist: half.text }] : [])];
  const speakers = [...new Set(lines.map((l) => l.speaker).filter(Boolean))].map((name) => ({ name, said: lines.filter((l) => l.speaker === name).slice(0, 2).map((l) => l.text), asked: [] }));
  const todos = lines.filter((l) => /\bwill\b/i.test(l.text)).map((l) => ({ line: l.line, text: l.text, owner: null, due: /by (\w+)/i.exec(l.text)?.[0] ?? null }));
  return JSON.stringify({ chapters, speakers, todos });
}

/** Cites the numbered passage sharing most words with the question. */
function libraryAnswerOf(system: string, question: string): string {
  const passages = [...system.matchAll(/^\[(\d+)\] \(([^)]*)\) (.*)$/gm)].map((m) => ({ n: m[1]!, text: m[3]! }));
  const asked = words(question);
  const best = [...passages].sort((a, b) => [...words(b.text)].filter((w) => asked.has(w)).length - [...words(a.text)].filter((w) => asked.has(w)).length)[0];
  return best ? `The recordings say: ${best.text} [${best.n}]` : "The passages do not answer this.";
}

/** What the deterministic model answers to a request. */
function reply(body: ChatRequest): string {
  const system = body.messages.find((m) => m.role === "system")?.content ?? "";
  const user = [...body.messages].reverse().find((m) => m.role === "user")?.content ?? "";
  if (system.includes("review quizzes")) return quizOf(system, user);
  if (system.startsWith("Translate")) return translationOf(system, user);
  if (system.includes("summarise")) return summaryOf(user);
  if (system.startsWith("You outline recordings")) return outlineOf(user);
  if (system.startsWith("You answer questions about the user's recordings")) return libraryAnswerOf(system, user);
  return answerOf(system, user);
}

function completion(model: string, content: string | null) {
  return { id: "chatcmpl-fake", object: "chat.completion", created: Math.floor(Date.now() / 1000), model, choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }] };
}

async function streamReply(res: http.ServerResponse, model: string, content: string, delayMs: number) {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const pieces = content.match(/\S+\s*/g) ?? [];
  for (const piece of pieces) {
    const chunk = { id: "chatcmpl-fake", object: "chat.completion.chunk", created: Math.floor(Date.now() / 1000), model, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] };
    res.write(`data: ${JSON.stringify(chunk)}\n\n`);
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
  }
  res.write(`data: ${JSON.stringify({ id: "chatcmpl-fake", object: "chat.completion.chunk", created: 0, model, choices: [{ index: 0, delta: {}, finish_reason: "stop" }] })}\n\n`);
  res.end("data: [DONE]\n\n");
}

export async function startFakeOpenAi(opts: { port?: number; delayMs?: number } = {}): Promise<FakeOpenAi> {
  const state: FakeOpenAi = { url: "", mode: "ok", delayMs: opts.delayMs ?? 0, requests: [], close: async () => undefined };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
        res.writeHead(404, { "content-type": "application/json" });
        return res.end(JSON.stringify({ error: { message: "not found", type: "invalid_request_error" } }));
      }
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as ChatRequest;
      state.requests.push({ authorization: req.headers.authorization, body });
      if (state.mode === "hang") return; // never answers: the client's timeout must fire
      if (state.mode === "error") {
        res.writeHead(500, { "content-type": "application/json" });
        return res.end(JSON.stringify({ error: { message: "the model crashed", type: "server_error" } }));
      }
      if (state.mode === "garbage") {
        res.writeHead(200, { "content-type": "application/json" });
        return res.end("{\"choices\": [ this is not json");
      }
      const content = state.mode === "empty" ? "" : reply(body);
      if (body.stream) return void streamReply(res, body.model, content, state.delayMs);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(completion(body.model, content)));
    });
  });
  await listenOn(server, opts.port ?? 0);
  const address = server.address() as { port: number };
  state.url = `http://127.0.0.1:${address.port}/v1`;
  state.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

if (require.main === module) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  void startFakeOpenAi({ port: Number(arg("--port") ?? 3313), delayMs: Number(arg("--delay-ms") ?? 40) }).then((s) => console.log(`fake OpenAI-compatible chat API at ${s.url}`));
}
