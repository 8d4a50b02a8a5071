// A loopback SMS proxy speaking the SMS proxy's contract (docs/auth.md "China edition and phone
// login"): form posts to /api/sms/6/cgi/send_code (name = 86 + phone, type=1), code_login (name,
// code → JSON {code:0, token}) and access_token (token → JSON {code:0, accesstoken}). It keeps
// the last code texted to each name; tests read it through `lastCode()` or, from a browser test's
// process, GET /test/last-code?name=86… . Failure modes make each step fail or answer incompletely.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes, randomInt } from "node:crypto";
import { listenOn } from "./ports";

export type StepMode = "ok" | "fail" | "incomplete" | "refuse";

export interface SmsCall {
  path: string;
  contentType: string;
  form: Record<string, string>;
}

export interface LoopbackSms {
  url: string;
  /** Every request the proxy got, in order. */
  calls: SmsCall[];
  /** How each step answers next: ok, fail (HTTP 500), incomplete (200 without its token), refuse (200 with code≠0). */
  modes: { send: StepMode; codeLogin: StepMode; accessToken: StepMode };
  /** The last code texted to `name` (86 + phone). */
  lastCode(name: string): string | undefined;
  close(): Promise<void>;
}

const PREFIX = "/api/sms/6/cgi/";

export async function startLoopbackSms(port = 0): Promise<LoopbackSms> {
  const codes = new Map<string, string>();
  const tokens = new Map<string, string>();
  const calls: SmsCall[] = [];
  const modes: LoopbackSms["modes"] = { send: "ok", codeLogin: "ok", accessToken: "ok" };

  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(value));
      };
      if (req.method === "GET" && url.pathname === "/test/last-code") {
        return json(200, { code: codes.get(url.searchParams.get("name") ?? "") ?? null });
      }
      if (req.method !== "POST" || !url.pathname.startsWith(PREFIX)) return json(404, { code: 404, msg: "not found" });
      const contentType = req.headers["content-type"] ?? "";
      const form = Object.fromEntries(new URLSearchParams(body));
      const step = url.pathname.slice(PREFIX.length);
      calls.push({ path: step, contentType, form });
      if (!contentType.startsWith("application/x-www-form-urlencoded")) return json(415, { code: 415, msg: "form body expected" });

      if (step === "send_code") {
        if (modes.send === "fail") return json(500, { code: 500, msg: "gateway error" });
        if (modes.send === "refuse") return json(200, { code: 1024, msg: "frequency limit" });
        if (!/^861[3-9]\d{9}$/.test(form.name ?? "") || form.type !== "1") return json(400, { code: 400, msg: "bad name or type" });
        codes.set(form.name!, String(randomInt(0, 1_000_000)).padStart(6, "0"));
        return json(200, { code: 0, msg: "ok" });
      }
      if (step === "code_login") {
        if (modes.codeLogin === "fail") return json(500, { code: 500, msg: "gateway error" });
        if (modes.codeLogin === "incomplete") return json(200, { code: 0, msg: "ok" });
        const expected = codes.get(form.name ?? "");
        if (modes.codeLogin === "refuse" || !expected || form.code !== expected) return json(200, { code: 1001, msg: "code error" });
        codes.delete(form.name!);
        const token = randomBytes(16).toString("hex");
        tokens.set(token, form.name!);
        return json(200, { code: 0, msg: "ok", data: { token } });
      }
      if (step === "access_token") {
        if (modes.accessToken === "fail") return json(500, { code: 500, msg: "gateway error" });
        if (modes.accessToken === "incomplete") return json(200, { code: 0, msg: "ok", data: {} });
        const name = tokens.get(form.token ?? "");
        if (modes.accessToken === "refuse" || !name) return json(200, { code: 1002, msg: "token invalid" });
        tokens.delete(form.token!);
        return json(200, { code: 0, msg: "ok", data: { accesstoken: randomBytes(24).toString("hex"), name } });
      }
      return json(404, { code: 404, msg: "unknown step" });
    });
  });
  await listenOn(server, port);
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}`,
    calls,
    modes,
    lastCode: (name) => codes.get(name),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
