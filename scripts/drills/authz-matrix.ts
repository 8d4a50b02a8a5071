// Authorization matrix: user A owns one of each kind of resource; user B (signed
// in) then calls every route and method found in app/api with A's ids in the
// path, query and body; then everything is called again with no token at all.
// B must get not-found / permission-denied / validation, never A's data, never
// a 500; nobody without a token gets past a non-public route.
import { SHARED_VIEW_KEYS } from "@/lib/sharing/shared-view";
import { VISITOR_COOKIE } from "@/lib/tools/visitor";
import { A_VISITOR_ID, type Owned } from "./authz-owner";
import { rawCall, type RawAnswer } from "./call";
import { mcpProbes } from "./mcp-probes";
import { pathEscapeProbes } from "./path-escapes";
import { discoverRoutes, idLikeFieldNames, loadHandler, type HttpMethod, type RouteFile } from "./routes";

export { A_VISITOR_ID, createOwnerResources, ownerSnapshot, type Owned } from "./authz-owner";

/** A share link's public view: anyone may read it, and it holds only SHARED_VIEW_KEYS (docs/sharing.md). */
const SHARE_VIEWS = ["GET /api/transcription/share/[date]/[slugToken]", "GET /api/transcription/tasks/title/[title]/[date]"];

/** Reachable without a token; everything else must answer 401 to nobody. */
export const PUBLIC_ROUTES = new Set(["GET /api/health", "GET /api/v1/openapi.json", "GET /api/auth/dev", "POST /api/auth/dev", "POST /api/auth/email/send", "POST /api/auth/email/verify", "GET /api/auth/google", "POST /api/auth/google", "POST /api/auth/google/web", "GET /api/auth/google/authorize", "GET /api/media/[taskId]", "GET /api/referral/validate", "POST /api/payments/stripe/webhook", "POST /api/payments/alipay/notify", "GET /api/avatars/[userId]/[token]", ...SHARE_VIEWS]);
// Human verification and the compliance check come before any sign-in (docs/auth.md "Human verification and regions").
// The plans and their prices are shown to visitors (the public plans page); a caller's token only adds currentPlan.
PUBLIC_ROUTES.add("GET /api/payments/plans");
PUBLIC_ROUTES.add("GET /api/verify/challenge").add("POST /api/auth/compliance-check");
// Phone login on the China edition starts without a token (docs/auth.md "China edition and phone login").
PUBLIC_ROUTES.add("POST /api/auth/phone").add("POST /api/auth/phone/send-code").add("POST /api/auth/phone/code-login");
// The tools site's transcript tool works signed out (a visitor cookie); opening one in the app needs a token (docs/tools.md).
for (const r of ["POST /api/tools/transcript", "GET /api/tools/transcript", "GET /api/tools/transcript/quota", "GET /api/tools/transcript/[id]"]) PUBLIC_ROUTES.add(r);
// The media tools work signed out too (a visitor cookie); "transcribe this" needs a token; a download needs the signed address.
const MEDIA_TOOL_FILE_ROUTES = ["GET /api/tools/media/files/[id]", "DELETE /api/tools/media/files/[id]", "POST /api/tools/media/files/[id]/start", "POST /api/tools/media/files/[id]/download"];
const MEDIA_DOWNLOAD = "GET /api/tools/media/download/[id]";
for (const r of ["GET /api/tools/media/files", "POST /api/tools/media/files", "DELETE /api/tools/media/files", ...MEDIA_TOOL_FILE_ROUTES, MEDIA_DOWNLOAD]) PUBLIC_ROUTES.add(r);

/**
 * Routes that act only on the caller's own account, so a 200 to B is fine as
 * long as none of A's data is in it. A route not listed here must refuse B.
 */
export const CALLERS_OWN = new Set([
  "GET /api/health",
  "GET /api/auth/dev",
  // Google sign-in: whether it is offered, and the redirect to the provider (docs/auth.md).
  "GET /api/auth/google",
  "GET /api/auth/google/authorize",
  "GET /api/auth/user",
  "PUT /api/auth/user/language",
  "PUT /api/auth/user/preferences",
  // Avatar upload changes the caller's own picture; the community link is the same for everyone.
  "POST /api/auth/user/avatar",
  "GET /api/account/links",
  "POST /api/auth/logout",
  "GET /api/usage",
  // Plans and card checkout act on the caller alone (docs/billing.md).
  "GET /api/payments/plans",
  "POST /api/payments/stripe/checkout",
  "POST /api/payments/alipay/checkout",
  // Subscription card: the caller's own subscription only; B cancels or continues nothing of A's.
  "GET /api/payments/subscription",
  "POST /api/payments/subscription/cancel",
  "POST /api/payments/subscription/continue",
  "GET /api/analysis/style",
  "PUT /api/analysis/style",
  "GET /api/hotwords",
  "POST /api/hotwords",
  "POST /api/hotwords/batch",
  "GET /api/hotwords/summary",
  // Voice profiles: B lists its own (or hears the Pro prompt); A's profiles are never in the answer.
  "GET /api/voice-profiles",
  // MCP keys: B lists, counts and creates its own; A's key is never in the answers.
  "GET /api/mcp/keys",
  "POST /api/mcp/keys",
  "GET /api/mcp/keys/count",
  "GET /api/transcription/tasks",
  // The caller's own Recently deleted list; A's deleted tasks are never in it.
  "GET /api/transcription/tasks/deleted",
  "GET /api/meetings/config",
  // The speech engine's languages: the same for everyone.
  "GET /api/transcription/speech-config",
  // Whether translation can run (an AI provider is set up): the same for everyone.
  "GET /api/translation/config",
  "GET /api/ask-ai/flashback-learning/introduction",
  // Creating B's own things is fine; the drill checks no A id is echoed as B's.
  "POST /api/transcription/paste-text",
  "POST /api/transcription/import-link",
  "POST /api/meetings/join",
  "POST /api/transcription/document-estimate",
  // Folders: B lists and creates its own; A's folder ids in the query show nothing.
  "GET /api/folder",
  "POST /api/folder",
  "GET /api/folder/stats",
  "GET /api/task",
  // "Shared with me" lists only the caller's collaborations; the permission answer for a stranger is "none".
  "GET /api/collaboration/documents",
  "GET /api/collaboration/documents/[id]/permission",
  // Search covers the caller's own and shared tasks only; SEARCH_PROBES look for A's words.
  "GET /api/search",
  // Rewards: the caller's own referral numbers; a code check that names no one (A's code is among A's secrets).
  "GET /api/referral/info",
  "GET /api/referral/validate",
  // Live recording: B lists and starts its own sessions; A's session ids are not found (docs/live.md).
  "GET /api/live/sessions",
  "POST /api/live/sessions",
  // The public API's document holds no one's data.
  "GET /api/v1/openapi.json",
  // The public API: B lists its own tasks and webhook endpoints and creates its own (A's ids in the body are not echoed).
  "GET /api/v1/tasks",
  "POST /api/v1/tasks",
  "POST /api/v1/tasks/link",
  "POST /api/v1/tasks/text",
  "GET /api/v1/webhooks",
  "POST /api/v1/webhooks",
  // Push devices: B lists and saves its own; forgetting an endpoint removes only B's row (A's is in the snapshot).
  "GET /api/push/devices",
  "POST /api/push/devices",
  "POST /api/push/devices/forget",
]);
// The transcript tool: B's own history, quota and (a body without a link is refused) start; A's transcript ids are not found.
for (const r of ["POST /api/tools/transcript", "GET /api/tools/transcript", "GET /api/tools/transcript/quota"]) CALLERS_OWN.add(r);
// Media tools: B's own history, upload and clear-all; A's files (account and visitor) are not found.
for (const r of ["GET /api/tools/media/files", "POST /api/tools/media/files", "DELETE /api/tools/media/files"]) CALLERS_OWN.add(r);
// A fresh proof-of-work challenge holds nobody's data.
CALLERS_OWN.add("GET /api/verify/challenge");
// Ask your library: B's own library and history; A's passages must never be cited (libraryProbes proves A's are found by A).
for (const r of ["POST /api/library/ask", "GET /api/library/history", "DELETE /api/library/history"]) CALLERS_OWN.add(r);

/** The codes a refusal may carry (body code of the envelope). */
export const REFUSALS = new Set([400, 403, 404, 413, 415, 429]);

export interface MatrixRow {
  route: string;
  method: HttpMethod;
  caller: "B" | "none";
  with: string;
  status: number;
  code: number | null;
  errorKey: string | null;
  ms: number;
  problem: string | null;
}

const ID_FIELDS = idLikeFieldNames();

/** A body with A's ids in every id-like field any request schema names (lists for plural names). */
function idFilledBody(a: Owned, id: string) {
  const body: Record<string, unknown> = {};
  for (const name of ID_FIELDS) body[name] = /s$/i.test(name) ? [id] : /quiz/i.test(name) ? a.quiz : /question/i.test(name) ? a.question : /hotword/i.test(name) ? a.hotword : /^(profileId|intoId)$/.test(name) ? a.voiceProfile : /speaker/i.test(name) ? a.speaker : id;
  return { ...body, id, ids: [id], task_id: id, taskId: id, quiz_id: a.quiz, question_id: a.question, speakers: [{ id: a.speaker, name: "B" }], answer: [0] };
}

/** Bodies that pass each route's validation, so the call reaches the ownership check. */
export function sampleBody(key: string, a: Owned, id: string): unknown {
  const table: Record<string, unknown> = {
    "POST /api/transcription/tasks/delete-batch": { ids: [id] },
    "POST /api/transcription/tasks/restore": { ids: [id] },
    "POST /api/transcription/tasks/delete-forever": { ids: [id] },
    "PUT /api/transcription/[id]/edit-title": { title: "B was here" },
    "PUT /api/transcription/[id]/edit": { entries: [{ index: 0, text: "B was here" }] },
    "PUT /api/transcription/[id]/edit-speaker-names": { speakers: [{ id: a.speaker, name: "B was here" }] },
    "POST /api/transcription/[id]/redetect-speakers": { speakerCount: 2 },
    "PUT /api/transcription/[id]/entry-speaker": { index: 0, speakerId: a.speaker },
    "POST /api/transcription/[id]/merge-speakers": { speakerId: a.speaker, intoSpeakerId: a.speaker },
    "POST /api/transcription/[id]/analyze-meeting": { regenerate: true },
    "POST /api/transcription/regenerate-xmind": { task_id: id },
    "POST /api/translation": { task_id: id, target_language: "de" },
    "POST /api/ask-ai": { task_id: id, question: "What about the battery drain?" },
    "POST /api/library/ask": { question: LIBRARY_PROBE, scope: "all" },
    "POST /api/ask-ai/flashback-learning/start": { task_id: id, question_count: 1 },
    "POST /api/ask-ai/flashback-learning/check-answer": { task_id: id, quiz_id: a.quiz, question_id: a.question, answer: [0] },
    "PUT /api/hotwords/[id]": { text: "B was here", enabled: false },
    "PUT /api/voice-profiles/[id]": { name: "B was here" },
    "POST /api/voice-profiles/[id]/merge": { intoId: a.voiceProfile },
    "POST /api/transcription/[id]/remember-voice": { speakerId: a.speaker, profileId: a.voiceProfile },
    "POST /api/transcription/[id]/voice-match": { speakerId: a.speaker, action: "undo" },
    "POST /api/mcp/keys": { name: "B's key" },
    "POST /api/v1/tasks/text": { title: "B's memo", text: "B's own words, nothing of A's." },
    "POST /api/v1/webhooks": { url: "http://10.1.2.3/b", events: ["task.completed"] },
    "POST /api/v1/tasks/[id]/translations": { target_language: "de" },
    "POST /api/v1/tasks/[id]/summary": { regenerate: true },
    // A's endpoint: B may not forget it (A's row stays; the snapshot checks).
    "POST /api/push/devices/forget": { endpoint: "https://push.example.test/zqx-push-alpha" },
    "PUT /api/folder/[id]": { name: "B was here" },
    "POST /api/folder/[id]/move": { folderId: null },
    "POST /api/folder/move-batch": { ids: [id], folderId: null },
    "PUT /api/analysis/style": { enabled: true, lengthPreference: "short", focusArea: "B", customInstructions: "B" },
    // A registered user (already A's collaborator): a stranger must hear "not found", not "already a collaborator".
    "POST /api/collaboration/documents/[id]/collaborators": { user_identifier: a.collaborator.email },
    "POST /api/tools/media/files/[id]/start": { format: "mp3", quality: 40 },
    "POST /api/live/sessions": { source: "mic", spokenLanguage: "en" },
    "POST /api/live/sessions/[id]/marks": { atSec: 1 },
    "POST /api/live/sessions/[id]/finish": { lastSeq: 0 },
  };
  return key in table ? table[key] : idFilledBody(a, id);
}

/** A route's path segments: A's id, except [userId], which names A's collaborator C. */
export function pathParams(route: RouteFile, a: Owned, id: string): Record<string, string> {
  // [seq] is a live chunk's number: a valid one, so the call reaches the session's ownership check.
  const named: Record<string, string> = { userId: a.collaborator.userId, deliveryId: a.webhookDelivery, language: "de", seq: "0" };
  return Object.fromEntries(route.segments.map((s) => [s, named[s] ?? id]));
}

/** Which of A's ids go in a route's path segments (one call per id). */
export function idsFor(route: RouteFile, a: Owned): string[] {
  const tasks = [a.completedTask, a.uploadedTask, a.pastedTask];
  if (route.segments.length === 0) return [a.completedTask];
  if (route.route.includes("/hotwords/")) return [a.hotword];
  if (route.route.startsWith("/api/voice-profiles/")) return [a.voiceProfile];
  if (route.route.includes("/mcp/keys/")) return [a.mcpKey];
  if (route.route.startsWith("/api/v1/webhooks/")) return [a.webhook];
  if (route.route === "/api/push/devices/[id]") return [a.pushDevice];
  if (route.route.startsWith("/api/tools/transcript/")) return [a.toolTranscript, a.completedTask];
  if (route.route.startsWith("/api/tools/media/") && route.segments.length > 0) return [a.mediaFile, a.visitorMediaFile];
  // /api/folder/[id] names a folder; /api/folder/[id]/move names the task to move.
  if (route.route === "/api/folder/[id]") return [a.folder];
  if (route.route.startsWith("/api/live/sessions/")) return [a.liveSession];
  // The public share views get A's real link too (they must show only the allowed fields); the owner's share routes get A's shared task.
  if (SHARE_VIEWS.some((k) => k.endsWith(` ${route.route}`))) return [a.completedTask, a.shareSegment];
  if (/\/share(_toggle)?$/.test(route.route)) return [...tasks, a.sharedTask];
  return tasks;
}

function leaks(answer: RawAnswer, a: Owned): string | null {
  const text = Buffer.from(answer.text, "latin1").toString("utf8");
  for (const s of a.secrets) if (text.includes(s)) return `answer holds A's data "${s}"`;
  if (answer.status === 200 && answer.code === 200) {
    for (const id of [a.completedTask, a.uploadedTask, a.pastedTask, a.hotword, a.voiceProfile, a.mcpKey, a.folder, a.quiz, a.sharedTask, a.liveSession, a.webhook, a.webhookDelivery, a.pushDevice]) if (text.includes(id)) return `answer holds A's id ${id}`;
  }
  return null;
}

/** A public share view answers exactly the allowed fields, whoever asks. */
function sharedViewProblem(answer: RawAnswer): string | null {
  let data: unknown;
  try {
    data = (JSON.parse(Buffer.from(answer.text, "latin1").toString("utf8")) as { data?: unknown }).data;
  } catch {
    return "shared view is not JSON";
  }
  const keys = Object.keys((data ?? {}) as object).sort();
  return JSON.stringify(keys) === JSON.stringify([...SHARED_VIEW_KEYS].sort()) ? null : `shared view has fields ${keys.join(",")}`;
}

function judgeB(key: string, answer: RawAnswer, a: Owned): string | null {
  if (answer.hung) return "no answer within the time limit";
  if (answer.threw) return `handler threw: ${answer.threw}`;
  if (answer.status >= 500 || (answer.code ?? 0) >= 500) return `server error ${answer.status}/${answer.code} ${answer.errorKey ?? ""}`;
  const leak = leaks(answer, a);
  if (leak) return leak;
  const code = answer.code ?? answer.status;
  if (code === 200 && CALLERS_OWN.has(key)) return null;
  // The MCP server takes MCP keys only: B's session token is a 401 (B's own key is tried in mcpProbes).
  if (key === "POST /api/mcp") return answer.status === 401 ? null : `MCP server took a session token: ${answer.status}`;
  if (code === 200 && SHARE_VIEWS.includes(key)) return sharedViewProblem(answer);
  if (key === "GET /api/media/[taskId]" || key === MEDIA_DOWNLOAD) return answer.status === 403 ? null : `media without A's signature answered ${answer.status}`;
  if (!REFUSALS.has(code)) return `expected not-found/permission-denied/validation, got ${answer.status}/${code} ${answer.errorKey ?? ""}`;
  return null;
}

function judgeNobody(key: string, answer: RawAnswer, a: Owned): string | null {
  if (answer.hung) return "no answer within the time limit";
  if (answer.threw) return `handler threw: ${answer.threw}`;
  if (answer.status >= 500 || (answer.code ?? 0) >= 500) return `server error ${answer.status}/${answer.code} ${answer.errorKey ?? ""}`;
  const leak = leaks(answer, a);
  if (leak) return leak;
  if (SHARE_VIEWS.includes(key) && answer.code === 200) return sharedViewProblem(answer);
  if ((key === "GET /api/media/[taskId]" || key === MEDIA_DOWNLOAD) && answer.status !== 403) return `media without a signature answered ${answer.status}`;
  // A fresh visitor (no cookie) names A's media tools files: not found.
  if (MEDIA_TOOL_FILE_ROUTES.includes(key)) return answer.code === 404 ? null : `a stranger reached A's media tools file: ${answer.status}/${answer.code}`;
  if (PUBLIC_ROUTES.has(key)) return null;
  // The share routes say "auth failed" with the share actions' own message (share.authFailed).
  return answer.status === 401 && (answer.errorKey === "common.unauthorized" || answer.errorKey === "share.authFailed") ? null : `expected 401 without a token, got ${answer.status}/${answer.code} ${answer.errorKey ?? ""}`;
}

/**
 * Calls where B names its own task but A's speaker or quiz: the inner id must be
 * checked against the task too (an id from another task is not found).
 */
const MIXED: Record<string, (a: Owned, own: string) => unknown> = {
  "PUT /api/transcription/[id]/edit-speaker-names": (a) => ({ speakers: [{ id: a.speaker, name: "B was here" }] }),
  "PUT /api/transcription/[id]/entry-speaker": (a) => ({ index: 0, speakerId: a.speaker }),
  // A's speaker into one that is not B's either: A's must be refused before anything moves.
  "POST /api/transcription/[id]/merge-speakers": (a, own) => ({ speakerId: a.speaker, intoSpeakerId: `${own}-none` }),
  "POST /api/ask-ai/flashback-learning/check-answer": (a, own) => ({ task_id: own, quiz_id: a.quiz, question_id: a.question, answer: [0] }),
  // B's own task into A's folder: the folder is not found.
  "POST /api/folder/[id]/move": (a) => ({ folderId: a.folder }),
  "POST /api/folder/move-batch": (a, own) => ({ ids: [own], folderId: a.folder }),
};

/**
 * Words only A's tasks hold (B's own task has the MEETING lines too, so no MEETING words): B's search must not
 * answer A's ids or secrets, and A's own search must find them, or the probe would prove nothing.
 */
const SEARCH_PROBES = ["Alpha-ZQX", "ZQX", "Public roadmap"];

async function searchProbes(handler: Parameters<typeof rawCall>[0], a: Owned, token: string): Promise<MatrixRow[]> {
  const rows: MatrixRow[] = [];
  for (const q of SEARCH_PROBES) {
    const mine = await rawCall(handler, { method: "GET", token: a.user.token, query: { q } });
    const answer = await rawCall(handler, { method: "GET", token, query: { q } });
    const found = [a.completedTask, a.sharedTask].some((id) => mine.text.includes(id));
    const problem = judgeB("GET /api/search", answer, a) ?? (answer.code === 200 ? (found ? null : `A's own search for "${q}" found none of A's tasks`) : `B's search for "${q}" answered ${answer.code}`);
    rows.push({ route: "/api/search", method: "GET", caller: "B", with: `q=${q}`, status: answer.status, code: answer.code, errorKey: answer.errorKey, ms: answer.ms, problem });
  }
  return rows;
}

/**
 * Words of a MEETING line (not one of A's secrets), which A's tasks and B's own task both hold: A's library answer must cite A's tasks, and
 * B's the same words from B's own task only (leaks() finds any of A's ids in B's answer).
 */
const LIBRARY_PROBE = "What did they say about the marketing budget?";

async function libraryProbes(handler: Parameters<typeof rawCall>[0], a: Owned, token: string): Promise<MatrixRow[]> {
  const mine = await rawCall(handler, { method: "POST", token: a.user.token, json: { question: LIBRARY_PROBE } });
  const answer = await rawCall(handler, { method: "POST", token, json: { question: LIBRARY_PROBE } });
  const found = mine.text.includes(a.completedTask) || mine.text.includes(a.sharedTask);
  const problem = judgeB("POST /api/library/ask", answer, a) ?? (found ? null : "A's own library answer cites none of A's tasks (the probe proves nothing)");
  return [{ route: "/api/library/ask", method: "POST", caller: "B", with: "A's words", status: answer.status, code: answer.code, errorKey: answer.errorKey, ms: answer.ms, problem }];
}

/**
 * Two visitors: another signed-out browser (its own cookie) names A's visitor file on every media tools
 * route and must hear "not found"; its history must not show A's file, while A's own cookie does.
 */
async function visitorProbes(handler: Parameters<typeof rawCall>[0], route: RouteFile, method: HttpMethod, key: string, a: Owned): Promise<MatrixRow[]> {
  const other = { cookie: `${VISITOR_COOKIE}=drillVisitorXXXXXXXXXXXXXXXXXXXXXXX` };
  const answer = await rawCall(handler, { method, headers: other, params: pathParams(route, a, a.visitorMediaFile), json: method === "GET" ? undefined : sampleBody(key, a, a.visitorMediaFile) });
  let problem = judgeNobody(key, answer, a);
  if (!problem && key === "GET /api/tools/media/files") {
    const own = await rawCall(handler, { method, headers: { cookie: `${VISITOR_COOKIE}=${A_VISITOR_ID}` } });
    if (!own.text.includes(a.visitorMediaFile)) problem = "A's own visitor cookie does not list A's file (the probe proves nothing)";
  }
  return [{ route: route.route, method, caller: "none", with: "other visitor", status: answer.status, code: answer.code, errorKey: answer.errorKey, ms: answer.ms, problem }];
}

/** Runs the whole matrix. `b` is signed in (with a finished task of its own); logout runs last, since it ends B's session. */
export async function runAuthzMatrix(a: Owned, b: { token: string; apiKey?: string; ownTask?: string }, routes = discoverRoutes()): Promise<MatrixRow[]> {
  const rows: MatrixRow[] = [];
  // Percent-escapes in every dynamic segment, over HTTP through server.ts's guard (scripts/drills/path-escapes.ts).
  rows.push(
    ...(await pathEscapeProbes(routes, {
      token: b.token,
      idFor: (route, segment) => pathParams(route, a, idsFor(route, a)[0]!)[segment]!,
      bodyFor: (key) => sampleBody(key, a, a.completedTask),
      // A decoded NUL or line break in an id is refused by validation (400) before any signature check: a refusal too.
      judge: (key, answer) => (answer.status === 400 && answer.errorKey && !leaks(answer, a) ? null : judgeB(key, answer, a)),
    })).map((r) => ({ ...r, caller: "B" as const })),
  );
  const calls = routes.flatMap((route) => route.methods.map((method) => ({ route, method, key: `${method} ${route.route}` })));
  calls.sort((x, y) => Number(x.key === "POST /api/auth/logout") - Number(y.key === "POST /api/auth/logout"));
  for (const { route, method, key } of calls) {
    const handler = loadHandler(route, method);
    // Without a token first (before B's logout).
    const id0 = idsFor(route, a)[0]!;
    const anon = await rawCall(handler, {
      method,
      params: pathParams(route, a, id0),
      query: { id: id0, task_id: id0, taskId: id0, target_language: "de", format: "txt", exp: String(Date.now() + 60_000), sig: "AAAA" },
      json: method === "GET" ? undefined : sampleBody(key, a, id0),
    });
    rows.push({ route: route.route, method, caller: "none", with: id0, status: anon.status, code: anon.code, errorKey: anon.errorKey, ms: anon.ms, problem: judgeNobody(key, anon, a) });
    for (const id of idsFor(route, a)) {
      const answer = await rawCall(handler, {
        method,
        token: b.token,
        params: pathParams(route, a, id),
        // format: the export route's; txt has no plan gate, so only the ownership check can refuse it.
        query: { id, task_id: id, taskId: id, folder_id: id, folderId: a.folder, target_language: "de", format: "txt" },
        json: method === "GET" ? undefined : sampleBody(key, a, id),
      });
      rows.push({ route: route.route, method, caller: "B", with: id, status: answer.status, code: answer.code, errorKey: answer.errorKey, ms: answer.ms, problem: judgeB(key, answer, a) });
      // The public API is called with B's API key too (a program's caller kind): the same verdicts.
      if (b.apiKey && route.route.startsWith("/api/v1/")) {
        const keyed = await rawCall(handler, { method, token: b.apiKey, params: pathParams(route, a, id), query: { q: "ZQX", format: "txt" }, json: method === "GET" ? undefined : sampleBody(key, a, id) });
        rows.push({ route: route.route, method, caller: "B", with: `key:${id}`, status: keyed.status, code: keyed.code, errorKey: keyed.errorKey, ms: keyed.ms, problem: judgeB(key, keyed, a) });
      }
    }
    const mixed = MIXED[key];
    if (mixed && b.ownTask) {
      const answer = await rawCall(handler, { method, token: b.token, params: Object.fromEntries(route.segments.map((s) => [s, b.ownTask!])), json: mixed(a, b.ownTask) });
      rows.push({ route: route.route, method, caller: "B", with: "B.task+A.inner", status: answer.status, code: answer.code, errorKey: answer.errorKey, ms: answer.ms, problem: judgeB(key, answer, a) });
    }
    if (key === "GET /api/search") rows.push(...(await searchProbes(handler, a, b.token)));
    if (key === "POST /api/library/ask") rows.push(...(await libraryProbes(handler, a, b.token)));
    if (key.includes(" /api/tools/media/files")) rows.push(...(await visitorProbes(handler, route, method, key, a)));
    if (key === "POST /api/mcp") rows.push(...(await mcpProbes(handler, { token: b.token, secrets: a.secrets, tasks: [a.completedTask, a.pastedTask], folder: a.folder })).map((r) => ({ ...r, route: route.route, method, caller: "B" as const })));
  }
  return rows;
}

export function matrixTable(rows: MatrixRow[], a: Owned): string {
  const name = (id: string) =>
    ({ [a.completedTask]: "A.completedTask", [a.uploadedTask]: "A.uploadedTask", [a.pastedTask]: "A.pastedTask", [a.hotword]: "A.hotword", [a.folder]: "A.folder" })[id] ?? id;
  const lines = rows.map((r) => `${r.method.padEnd(6)} ${r.route.padEnd(52)} ${r.caller.padEnd(4)} ${name(r.with).padEnd(16)} ${String(r.status).padEnd(4)} ${String(r.code).padEnd(4)} ${(r.errorKey ?? "").padEnd(28)} ${r.problem ? `FAIL ${r.problem}` : "ok"}`);
  return [`${"method".padEnd(6)} ${"route".padEnd(52)} ${"who".padEnd(4)} ${"A's id".padEnd(16)} http code ${"catalogue key".padEnd(28)} verdict`, ...lines].join("\n");
}
