import "server-only";
import { AppError } from "@/lib/server/errors";
import { env } from "@/lib/server/env";
import { logger } from "@/lib/server/logger";
import { SMS_NAME_PREFIX } from "./phone.schema";

// The SMS proxy of API contract (docs/auth.md "China edition and phone login"). Three form posts:
//   send_code    name=86<phone>, type=1          → 2xx (a JSON body with a non-zero code/ret/errcode is a refusal)
//   code_login   name=86<phone>, code=<digits>   → JSON {token} (also accepted under data)
//   access_token token=<token>                   → JSON {accesstoken} (also access_token, also under data)
// Failures are logged with status and body (error catalogue "SMS failures throw with status and body");
// a 2xx answer that lacks the field we need is an incomplete answer, never a sign-in.

const TIMEOUT_MS = 15_000;
const LOGGED_BODY_CHARS = 300;

interface ProxyAnswer {
  status: number;
  text: string;
  json: Record<string, unknown> | null;
}

function proxyUrl(path: string): string {
  const base = env().SMS_PROXY_URL;
  if (!base) throw new AppError("phone.notConfigured");
  return `${base.replace(/\/+$/, "")}/api/sms/6/cgi/${path}`;
}

async function post(path: string, form: Record<string, string>): Promise<ProxyAnswer> {
  const res = await fetch(proxyUrl(path), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams(form).toString(),
    signal: AbortSignal.timeout(TIMEOUT_MS),
    redirect: "error",
  });
  const text = await res.text();
  let json: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) json = parsed as Record<string, unknown>;
  } catch {
    json = null;
  }
  return { status: res.status, text, json };
}

/** A JSON answer that names a non-zero status in any of the fields proxies use. */
function refused(answer: ProxyAnswer): boolean {
  if (answer.status < 200 || answer.status >= 300) return true;
  for (const field of ["code", "ret", "errcode"]) {
    const v = answer.json?.[field];
    if (v !== undefined && v !== null && Number(v) !== 0 && v !== "ok" && v !== "success") return true;
  }
  return false;
}

/** A string field at the top level or under `data`. */
function field(answer: ProxyAnswer, ...names: string[]): string | null {
  const data = answer.json?.data;
  for (const scope of [answer.json, data && typeof data === "object" ? (data as Record<string, unknown>) : null]) {
    for (const name of names) {
      const v = scope?.[name];
      if (typeof v === "string" && v.trim()) return v.trim();
    }
  }
  return null;
}

function logFailure(step: string, answer: ProxyAnswer | null, error?: unknown) {
  logger.warn("sms proxy failure", {
    step,
    status: answer?.status ?? null,
    body: answer?.text.slice(0, LOGGED_BODY_CHARS) ?? null,
    error: error instanceof Error ? error.message : error === undefined ? null : String(error),
  });
}

/** Asks the proxy to text a code to `phone` (11 digits); phone.sendFailed when it does not. */
export async function sendSmsCode(phone: string): Promise<void> {
  let answer: ProxyAnswer;
  try {
    answer = await post("send_code", { name: `${SMS_NAME_PREFIX}${phone}`, type: "1" });
  } catch (e) {
    if (e instanceof AppError) throw e;
    logFailure("send_code", null, e);
    throw new AppError("phone.sendFailed");
  }
  if (refused(answer)) {
    logFailure("send_code", answer);
    throw new AppError("phone.sendFailed");
  }
}

/**
 * Checks `code` for `phone` with the proxy and returns the proxy's access token:
 * code_login gives a token, access_token turns it into the access token.
 * phone.wrongCode when the proxy refuses the code, phone.incompleteAnswer when an
 * answer lacks its token, auth.authFailed when the proxy cannot be reached.
 */
export async function smsCodeLogin(phone: string, code: string): Promise<string> {
  const step = async (path: string, form: Record<string, string>) => {
    try {
      return await post(path, form);
    } catch (e) {
      if (e instanceof AppError) throw e;
      logFailure(path, null, e);
      throw new AppError("auth.authFailed");
    }
  };

  const login = await step("code_login", { name: `${SMS_NAME_PREFIX}${phone}`, code });
  if (refused(login)) {
    logFailure("code_login", login);
    throw new AppError(login.status >= 500 ? "auth.authFailed" : "phone.wrongCode");
  }
  const token = field(login, "token");
  if (!token) {
    logFailure("code_login", login);
    throw new AppError("phone.incompleteAnswer");
  }

  const access = await step("access_token", { token });
  if (refused(access)) {
    logFailure("access_token", access);
    throw new AppError("auth.authFailed");
  }
  const accessToken = field(access, "accesstoken", "access_token");
  if (!accessToken) {
    logFailure("access_token", access);
    throw new AppError("phone.incompleteAnswer");
  }
  return accessToken;
}
