import "server-only";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { AppError, isAppError } from "@/lib/server/errors";
import { readJson } from "@/lib/api/handler";
import type { Edition } from "@/lib/edition/edition";
import { translatorFor } from "@/lib/i18n/server";
import { logger } from "@/lib/server/logger";
import { toScope } from "@/lib/library-ask/library-ask.schema";
import { voiceProfileNamesForMcp } from "@/lib/voice-profiles/mcp";
import { askForMcp, askLibraryForMcp, listTasksForMcp, searchForMcp, summaryForMcp, transcriptForMcp } from "./tasks";
import { bearerApiKey, keyHolder } from "@/lib/api-keys/keys.service";

// The MCP server (Streamable HTTP, stateless): each request gets its own
// server and transport, bound to the user of the bearer key. docs/mcp.md.

/** JSON-RPC bodies are small; a question is at most QUESTION_MAX characters. */
export const MCP_BODY_LIMIT_BYTES = 256 * 1024;
const QUESTION_MAX = 2000;
const ASK_TIMEOUT_MS = 120_000;

const taskId = z.string().min(1).max(64).describe("The task id (from list_tasks or search_transcripts)");

function json(value: unknown): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(value, null, 2) }], structuredContent: { result: value } as Record<string, unknown> };
}

/** A refusal (not found, not transcribed, ...) is a tool error in the user's language, never a protocol error. */
function tool<A>(locale: string, run: (args: A) => Promise<CallToolResult>) {
  return async (args: A): Promise<CallToolResult> => {
    try {
      return await run(args);
    } catch (error) {
      const known = isAppError(error) ? error : null;
      if (!known) logger.error("mcp tool failed", { error: error instanceof Error ? error.stack : String(error) });
      const { t } = await translatorFor(locale);
      const text = t(`errors.${known?.key ?? "common.serverError"}`, known?.params);
      return { isError: true, content: [{ type: "text", text }] };
    }
  };
}

export function buildMcpServer(user: { id: string; planCode: string }, locale: string): McpServer {
  const userId = user.id;
  const server = new McpServer({ name: "tingji", version: "1.0.0" });
  server.registerTool(
    "list_tasks",
    {
      title: "List tasks",
      description: "Your transcription tasks (and tasks shared with you), newest first, optionally created within a date range or filed in a folder.",
      inputSchema: {
        from: z.iso.datetime({ offset: true }).or(z.iso.date()).optional().describe("Created at or after (ISO date or date-time)"),
        to: z.iso.datetime({ offset: true }).or(z.iso.date()).optional().describe("Created at or before (ISO date or date-time)"),
        folderId: z.string().max(64).optional().describe('A folder id, or "uncategorized"'),
        limit: z.number().int().min(1).max(100).optional().describe("At most this many (default 50)"),
      },
    },
    tool(locale, async (q) => json(await listTasksForMcp(userId, q))),
  );
  server.registerTool(
    "search_transcripts",
    {
      title: "Search transcripts",
      description: "Full-text search over titles, summaries and transcripts; transcript hits carry the moment (beginMs).",
      inputSchema: { query: z.string().min(1).max(100), folderId: z.string().max(64).optional(), page: z.number().int().min(1).max(50).optional() },
    },
    tool(locale, async (q) => json(await searchForMcp(userId, q))),
  );
  server.registerTool(
    "get_transcript",
    { title: "Get transcript", description: "A task's transcript with speakers and start/end times (ms).", inputSchema: { taskId } },
    tool(locale, async ({ taskId: id }) => json(await transcriptForMcp(userId, id))),
  );
  server.registerTool(
    "get_summary",
    { title: "Get summary and mind map", description: "A task's AI summary (markdown) and its mind map (tree of nodes).", inputSchema: { taskId } },
    tool(locale, async ({ taskId: id }) => json(await summaryForMcp(userId, id))),
  );
  server.registerTool(
    "ask_question",
    {
      title: "Ask about a task",
      description: "Ask a question about one of your own tasks; the answer comes from its transcript (Ask AI).",
      inputSchema: { taskId, question: z.string().min(1).max(QUESTION_MAX) },
    },
    tool(locale, async ({ taskId: id, question }) => {
      const text = await askForMcp(user, id, question, AbortSignal.timeout(ASK_TIMEOUT_MS));
      return { content: [{ type: "text", text }] };
    }),
  );
  server.registerTool(
    "list_voice_profiles",
    {
      title: "List voice profiles",
      description: "The names of the people whose voices you asked Tingji to remember, with how many recordings each appears in. Voices themselves are never given out.",
      inputSchema: {},
    },
    tool(locale, async () => json(await voiceProfileNamesForMcp(userId))),
  );
  server.registerTool(
    "ask_library",
    {
      title: "Ask your library",
      description:
        "Ask a question across all your recordings (and those shared with you), one folder, or only those shared with you. The answer cites passages as [n]; each citation gives the task id, title and the moment (ms).",
      inputSchema: {
        question: z.string().min(1).max(QUESTION_MAX),
        scope: z.enum(["all", "folder", "shared"]).default("all"),
        folderId: z.string().min(1).max(64).optional().describe("The folder id, with scope \"folder\""),
      },
    },
    tool(locale, async ({ question, scope, folderId }) => {
      const chosen = toScope(scope, folderId);
      if (!chosen) throw new AppError("library.scopeInvalid");
      return json(await askLibraryForMcp(user, question, chosen, AbortSignal.timeout(ASK_TIMEOUT_MS)));
    }),
  );
  return server;
}

/** Answers one HTTP request to /api/mcp. No or unknown key: 401 (common.unauthorized). */
export async function handleMcpRequest(req: Request, edition: Edition): Promise<Response> {
  // Any key of the owner's (every key can read; the MCP tools only read and ask).
  const key = bearerApiKey(req.headers.get("authorization"));
  const holder = key ? await keyHolder(key, edition) : null;
  if (!holder || !holder.scopes.includes("read")) throw new AppError("common.unauthorized");
  const parsedBody = await readJson(req, MCP_BODY_LIMIT_BYTES);
  const server = buildMcpServer({ id: holder.user.id, planCode: holder.user.planCode }, holder.user.uiLanguage);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  return transport.handleRequest(req, { parsedBody });
}
