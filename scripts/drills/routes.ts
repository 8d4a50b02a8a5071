// Every /api route handler, found from the files (app/api/**/route.ts), so a
// drill can never forget a route someone adds later.
import fs from "node:fs";
import path from "node:path";

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface RouteFile {
  /** "/api/transcription/tasks/[id]" */
  route: string;
  file: string;
  /** Path segments in brackets, e.g. ["id"]. */
  segments: string[];
  /** Exported HTTP methods, read from the source. */
  methods: HttpMethod[];
  /** The route declares `auth: "optional"` somewhere (reachable without a token). */
  optionalAuth: boolean;
}

const EXPORT = /export\s+(?:const|async\s+function|function)\s+(GET|POST|PUT|PATCH|DELETE)\b|export\s*\{([^}]*)\}/g;

function walk(dir: string, out: string[]): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (entry.name === "route.ts") out.push(full);
  }
  return out;
}

export function discoverRoutes(root = path.resolve(__dirname, "../..")): RouteFile[] {
  const apiDir = path.join(root, "app/api");
  return walk(apiDir, [])
    .sort()
    .map((file) => {
      const source = fs.readFileSync(file, "utf8");
      const methods = new Set<HttpMethod>();
      for (const m of source.matchAll(EXPORT)) {
        if (m[1]) methods.add(m[1] as HttpMethod);
        for (const name of (m[2] ?? "").split(",").map((s) => s.trim().split(/\s+as\s+/).pop()!)) {
          if ((HTTP_METHODS as readonly string[]).includes(name)) methods.add(name as HttpMethod);
        }
      }
      const rel = path.relative(path.join(root, "app"), path.dirname(file)).split(path.sep).join("/");
      return {
        route: `/${rel}`,
        file,
        segments: [...rel.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]!),
        methods: HTTP_METHODS.filter((m) => methods.has(m)),
        optionalAuth: /auth:\s*["']optional["']/.test(source),
      };
    });
}

type Handler = (req: import("next/server").NextRequest, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

/** Loads a route module and returns its handler for `method` (throws if the file lies about its exports). */
export function loadHandler(route: RouteFile, method: HttpMethod): Handler {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require(route.file) as Record<string, unknown>;
  const handler = mod[method];
  if (typeof handler !== "function") throw new Error(`${route.route} exports no ${method} handler`);
  return handler as Handler;
}

/**
 * Every id-like field name the request schemas use (lib/**\/*.schema.ts and the route files):
 * "id", "task_id", "speakerId", "ids"... so a drill can put another user's id in each of them.
 */
export function idLikeFieldNames(root = path.resolve(__dirname, "../..")): string[] {
  const files = [...walkFiles(path.join(root, "lib"), (n) => n.endsWith(".schema.ts")), ...walk(path.join(root, "app/api"), [])];
  const names = new Set<string>();
  for (const file of files) {
    for (const m of fs.readFileSync(file, "utf8").matchAll(/\b([A-Za-z_]*(?:id|Id|ID|ids|Ids|IDs))\s*:/g)) if (/^ids?$|_ids?$|[a-z]I[dD]s?$/.test(m[1]!)) names.add(m[1]!);
  }
  return [...names].sort();
}

function walkFiles(dir: string, keep: (name: string) => boolean, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walkFiles(full, keep, out);
    else if (keep(entry.name)) out.push(full);
  }
  return out;
}
