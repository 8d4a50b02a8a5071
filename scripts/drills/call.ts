// Calls a route handler in-process with a real NextRequest, keeping whatever
// came back (envelope, stream or bytes) so a drill can judge it, and giving up
// after a time limit so a hanging handler is reported rather than waited on.
import { NextRequest } from "next/server";

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export interface RawCall {
  method: string;
  token?: string;
  locale?: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** JSON-encoded for you. */
  json?: unknown;
  /** Sent as is (with contentType). */
  raw?: Buffer | string;
  contentType?: string;
  form?: FormData;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

export interface RawAnswer {
  status: number;
  /** Body code of the envelope (or of the first streamed error), or null. */
  code: number | null;
  message: string;
  /** data.error of the envelope: the catalogue key. */
  errorKey: string | null;
  text: string;
  contentType: string;
  ms: number;
  /** The handler did not answer within timeoutMs (status is then 0). */
  hung: boolean;
  /** The handler threw instead of answering (status is then 0). */
  threw: string | null;
}

export async function rawCall(handler: Handler, opts: RawCall): Promise<RawAnswer> {
  const url = new URL("http://localhost:3000/api/drill");
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = { "x-locale": opts.locale ?? "en", ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: BodyInit | undefined;
  if (opts.json !== undefined) {
    headers["content-type"] ??= "application/json";
    body = JSON.stringify(opts.json);
  } else if (opts.raw !== undefined) {
    if (opts.contentType) headers["content-type"] = opts.contentType;
    body = typeof opts.raw === "string" ? opts.raw : new Uint8Array(opts.raw);
  } else if (opts.form) {
    const encoded = new Request("http://x", { method: "POST", body: opts.form });
    headers["content-type"] = encoded.headers.get("content-type")!;
    body = encoded.body as ReadableStream;
  }
  const init = { method: opts.method, headers, body: opts.method === "GET" ? undefined : body, duplex: "half" as const };
  const started = Date.now();
  const limit = opts.timeoutMs ?? 20_000;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), limit)));
  const answer = (async (): Promise<RawAnswer> => {
    let res: Response;
    try {
      const req = new NextRequest(url, init as ConstructorParameters<typeof NextRequest>[1]);
      res = await handler(req, { params: Promise.resolve(opts.params ?? {}) });
    } catch (error) {
      return { status: 0, code: null, message: "", errorKey: null, text: "", contentType: "", ms: Date.now() - started, hung: false, threw: error instanceof Error ? error.message : String(error) };
    }
    const text = Buffer.from(await res.arrayBuffer()).toString("latin1");
    const contentType = res.headers.get("content-type") ?? "";
    return { status: res.status, ...envelopeOf(text, contentType), text, contentType, ms: Date.now() - started, hung: false, threw: null };
  })();
  const first = await Promise.race([answer, timeout]);
  clearTimeout(timer);
  if (first === "timeout") return { status: 0, code: null, message: "", errorKey: null, text: "", contentType: "", ms: limit, hung: true, threw: null };
  return first;
}

export function envelopeOf(latin1: string, contentType: string): { code: number | null; message: string; errorKey: string | null } {
  const text = Buffer.from(latin1, "latin1").toString("utf8");
  const none = { code: null, message: "", errorKey: null };
  const parse = (s: string) => {
    try {
      return JSON.parse(s) as { code?: number; message?: string; data?: { error?: string }; type?: string };
    } catch {
      return null;
    }
  };
  if (contentType.includes("application/json")) {
    const env = parse(text);
    if (!env) return none;
    return { code: typeof env.code === "number" ? env.code : null, message: env.message ?? "", errorKey: env.data?.error ?? null };
  }
  if (contentType.includes("ndjson")) {
    // A stream that failed after starting carries an error event.
    for (const line of text.split("\n")) {
      const event = parse(line);
      if (event && event.type === "error") return { code: typeof event.code === "number" ? event.code : 500, message: event.message ?? "", errorKey: (event as { key?: string }).key ?? null };
    }
    return { code: 200, message: "", errorKey: null };
  }
  return none;
}
