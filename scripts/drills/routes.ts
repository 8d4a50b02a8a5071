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
