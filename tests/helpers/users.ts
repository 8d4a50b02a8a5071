// Signed-in test users made through the real login-link flow.
import fs from "node:fs";
import path from "node:path";
import { POST as sendLink } from "@/app/api/auth/email/send/route";
import { POST as verifyLink } from "@/app/api/auth/email/verify/route";
import { call } from "./api";
import { solvedHumanToken } from "./human";

let counter = 0;

/** The token of the newest login link mailed to this address (from the outbox). */
export function latestLinkToken(email: string): string {
  const dir = path.join(process.env.DATA_DIR ?? path.join(process.cwd(), "var"), "outbox");
  const files = fs.readdirSync(dir).filter((f) => f.includes(email.replace(/[^a-z0-9@._-]/gi, "_"))).sort();
  const mail = JSON.parse(fs.readFileSync(path.join(dir, files[files.length - 1]!), "utf8")) as { text: string };
  const m = /token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!m) throw new Error("no token in mail");
  return m[1]!;
}

/** A China edition host (a ".cn" name): accounts made through it belong to the China edition. */
export const CHINA_HOST = { host: "tingji.cn" };

/**
 * A new account signed in through the login link. `edition: "china"` makes it through a China
 * host, so it belongs to the China edition and its token works on China hosts only (docs/auth.md).
 */
export async function signIn(label = "user", opts: { edition?: "international" | "china" } = {}): Promise<{ token: string; email: string; deviceId: string; userId: string }> {
  counter++;
  const email = `${label}${counter}-${Date.now()}@example.com`;
  const deviceId = `web_${Math.random().toString(36).slice(2, 10).padEnd(8, "x")}`;
  const headers = opts.edition === "china" ? CHINA_HOST : {};
  const sent = await call(sendLink, { json: { turnstile_token: await solvedHumanToken(), email, origin: "transcribe", terms_accepted: true }, headers });
  if (sent.code !== 200) throw new Error(`send link failed: ${sent.message}`);
  const res = await call<{ access_token: string; user_info: { id: string } }>(verifyLink, {
    json: { access_token: latestLinkToken(email), device_id: deviceId },
    headers,
  });
  if (res.code !== 200) throw new Error(`verify failed: ${res.message}`);
  return { token: res.data.access_token, email, deviceId, userId: res.data.user_info.id };
}
