// The authz drill's MCP part: B's own MCP key against A's tasks. Every task
// tool must answer a tool error (not found); list and search must hold none
// of A's ids or words. (B's session token on /api/mcp is a 401: the matrix.)
import { POST as createMcpKey } from "@/app/api/mcp/keys/route";
import { call } from "@/tests/helpers/api";
import { rawCall } from "./call";

interface ProbeRow {
  with: string;
  status: number;
  code: number | null;
  errorKey: string | null;
  ms: number;
  problem: string | null;
}

export async function mcpProbes(handler: Parameters<typeof rawCall>[0], a: { token: string; secrets: string[]; tasks: string[]; folder: string }): Promise<ProbeRow[]> {
  const made = await call<{ key: string }>(createMcpKey, { token: a.token, json: { name: "B's probe key" } });
  const probes: [string, Record<string, unknown>, string][] = [
    ["list_tasks", {}, "-"],
    ["list_tasks", { folderId: a.folder }, "A.folder"],
    ["search_transcripts", { query: "ZQX" }, "q=ZQX"],
    ["ask_library", { question: "What was said about ZQX?" }, "q=ZQX"],
    ["ask_library", { question: "What was said about ZQX?", scope: "folder", folderId: a.folder }, "A.folder"],
    ...["get_transcript", "get_summary", "ask_question"].flatMap((name) => a.tasks.map((id): [string, Record<string, unknown>, string] => [name, { taskId: id, question: "What about the battery drain?" }, id])),
  ];
  const rows: ProbeRow[] = [];
  for (const [name, args, label] of probes) {
    const json = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } };
    const answer = await rawCall(handler, { method: "POST", token: made.data.key, headers: { accept: "application/json, text/event-stream" }, json });
    const text = Buffer.from(answer.text, "latin1").toString("utf8");
    const leaked = a.secrets.some((s) => text.includes(s)) || [...a.tasks, a.folder].some((id) => text.includes(id));
    const taskTool = name !== "list_tasks" && name !== "search_transcripts" && name !== "ask_library";
    const problem =
      made.code !== 200
        ? `B's MCP key failed: ${made.message}`
        : answer.status !== 200
          ? `MCP answered ${answer.status}`
          : leaked
            ? `MCP ${name} answer holds A's data`
            : taskTool && !text.includes('"isError":true')
              ? `MCP ${name} on A's task was not refused`
              : !text.includes('"result"')
                ? `MCP ${name} gave no result: ${text.slice(0, 200)}`
                : null;
    rows.push({ with: `B's key ${name} ${label}`, status: answer.status, code: answer.code, errorKey: answer.errorKey, ms: answer.ms, problem });
  }
  return rows;
}
