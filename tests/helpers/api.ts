// Calls a route handler the way Next does: a real Request in, a real Response out.
// The handlers then talk to the real database and Redis of the test file.
import fs from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export interface CallOptions {
  method?: string;
  token?: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
}

export interface Answer<T = unknown> {
  status: number;
  code: number;
  message: string;
  data: T;
}

export async function call<T = unknown>(handler: Handler, opts: CallOptions = {}): Promise<Answer<T>> {
  const url = new URL("http://localhost:3000/api/test");
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = { "x-locale": "en", ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: BodyInit | undefined;
  if (opts.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    // Let Request encode the multipart body and its boundary.
    const encoded = new Request("http://x", { method: "POST", body: opts.form });
    headers["content-type"] = encoded.headers.get("content-type")!;
    body = encoded.body as ReadableStream;
  }
  // Node needs duplex "half" for a streamed body; NextRequest's init type does not list it.
  const init = { method: opts.method ?? (body ? "POST" : "GET"), headers, body, duplex: "half" as const };
  const req = new NextRequest(url, init as ConstructorParameters<typeof NextRequest>[1]);
  const res = await handler(req, { params: Promise.resolve(opts.params ?? {}) });
  const parsed = (await res.json()) as { code: number; message: string; data: T };
  return { status: res.status, ...parsed };
}

/** A multipart form with files from disk, streamed rather than read whole. */
export async function formWithFiles(files: { path: string; name?: string; type?: string }[], fields: Record<string, string> = {}): Promise<FormData> {
  const form = new FormData();
  for (const f of files) {
    const blob = await fs.openAsBlob(f.path, { type: f.type ?? "application/octet-stream" });
    form.append("file", blob, f.name ?? path.basename(f.path));
  }
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

export const CORPUS = path.resolve(process.cwd(), "../shared/corpus");

/**
 * Calls a streaming route: the NDJSON events of a started stream, or the
 * envelope when the route refused before streaming.
 */
export async function callStream(handler: Handler, opts: CallOptions = {}): Promise<{ status: number; events: Record<string, unknown>[]; envelope: Answer | null }> {
  const url = new URL("http://localhost:3000/api/test");
  const headers: Record<string, string> = { "x-locale": "en", "content-type": "application/json", ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const req = new NextRequest(url, { method: "POST", headers, body: JSON.stringify(opts.json ?? {}) });
  const res = await handler(req, { params: Promise.resolve(opts.params ?? {}) });
  const text = await res.text();
  if ((res.headers.get("content-type") ?? "").includes("application/json")) return { status: res.status, events: [], envelope: JSON.parse(text) as Answer };
  const events = text
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { status: res.status, events, envelope: null };
}

/** The text of a stream's "delta" events, joined. */
export function streamText(events: Record<string, unknown>[]): string {
  return events
    .filter((e) => e.type === "delta")
    .map((e) => e.text as string)
    .join("");
}
