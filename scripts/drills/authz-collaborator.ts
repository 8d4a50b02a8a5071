// The collaborator's side of the authorization drill: C collaborates on A's
// completed task and calls every route found in app/api with that task's id
// (and A's other ids where a route names a hotword or folder). C may read the
// task and edit it together with A; everything else A owns (delete, rename,
// share, manage collaborators, A's chat, A's other tasks) must be refused.
import { rawCall, type RawAnswer } from "./call";
import { CALLERS_OWN, idsFor, pathParams, REFUSALS, sampleBody, type Owned } from "./authz-matrix";
import { discoverRoutes, loadHandler, type RouteFile } from "./routes";

/** Routes that must answer C with 200: reading the shared task and its collaborators. */
export const COLLABORATOR_READS = new Set([
  "GET /api/transcription/tasks/[id]",
  "GET /api/collaboration/documents",
  "GET /api/collaboration/documents/[id]/collaborators",
  "GET /api/collaboration/documents/[id]/permission",
  // Exports (called with format=txt, which has no plan gate): a collaborator takes the shared task away too.
  "GET /api/transcription/tasks/[id]/export",
]);

/**
 * Either answer is fine (never a 5xx): co-editing (the drill's body is not a
 * real edit), the player's URL (the seeded task has no media), and reads that
 * may include shared tasks (search).
 */
export const COLLABORATOR_MAY = new Set([
  "PUT /api/transcription/[id]/edit-collaborative",
  "GET /api/transcription/tasks/[id]/media-url",
  "GET /api/search",
  // "Ask your library" reads what search reads: own tasks and those shared with the caller (docs/library-ask.md).
  "POST /api/library/ask",
  "GET /api/library/history",
  // The public API reads as the app does: a collaborator's key or session reads the shared task (docs/api.md).
  "GET /api/v1/tasks",
  "GET /api/v1/tasks/[id]/transcript",
  "GET /api/v1/tasks/[id]/summary",
  "GET /api/v1/tasks/[id]/mind-map",
  "GET /api/v1/tasks/[id]/chapters",
]);

export interface CollaboratorRow {
  key: string;
  status: number;
  code: number | null;
  errorKey: string | null;
  problem: string | null;
}

function judge(key: string, answer: RawAnswer, a: Owned): string | null {
  if (answer.hung) return "no answer within the time limit";
  if (answer.threw) return `handler threw: ${answer.threw}`;
  if (answer.status >= 500 || (answer.code ?? 0) >= 500) return `server error ${answer.status}/${answer.code} ${answer.errorKey ?? ""}`;
  const code = answer.code ?? answer.status;
  if (COLLABORATOR_READS.has(key)) return code === 200 ? null : `C must be able to read, got ${answer.status}/${code} ${answer.errorKey ?? ""}`;
  if (COLLABORATOR_MAY.has(key)) return null;
  // C's own email is C's; every other secret of A's is not C's to see here.
  const text = Buffer.from(answer.text, "latin1").toString("utf8");
  for (const s of a.secrets) if (s !== a.collaborator.email && text.includes(s)) return `answer holds A's data "${s}"`;
  if (code === 200 && CALLERS_OWN.has(key)) return null;
  // The MCP server takes MCP keys only, never a session token (docs/mcp.md).
  if (key === "POST /api/mcp") return answer.status === 401 ? null : `MCP server took a session token: ${answer.status}`;
  if (key === "GET /api/media/[taskId]") return answer.status === 403 ? null : `media without A's signature answered ${answer.status}`;
  return REFUSALS.has(code) ? null : `C must be refused, got ${answer.status}/${code} ${answer.errorKey ?? ""}`;
}

/** The id C names on a route: A's shared task, or A's hotword or folder where the route names one. */
function idFor(route: RouteFile, a: Owned): string {
  const first = idsFor(route, a)[0]!;
  return first === a.uploadedTask || first === a.pastedTask ? a.completedTask : first;
}

export async function runCollaboratorMatrix(a: Owned, routes = discoverRoutes()): Promise<CollaboratorRow[]> {
  const rows: CollaboratorRow[] = [];
  const calls = routes.flatMap((route) => route.methods.map((method) => ({ route, method, key: `${method} ${route.route}` })));
  calls.sort((x, y) => Number(x.key === "POST /api/auth/logout") - Number(y.key === "POST /api/auth/logout"));
  for (const { route, method, key } of calls) {
    const id = idFor(route, a);
    const answer = await rawCall(loadHandler(route, method), {
      method,
      token: a.collaborator.token,
      params: pathParams(route, a, id),
      query: { id, task_id: id, taskId: id, folder_id: id, target_language: "de", q: "ZQX", format: "txt" },
      json: method === "GET" ? undefined : sampleBody(key, a, id),
    });
    rows.push({ key, status: answer.status, code: answer.code, errorKey: answer.errorKey, problem: judge(key, answer, a) });
  }
  return rows;
}
