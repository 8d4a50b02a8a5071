import { apiRoute, readJson } from "@/lib/api/handler";
import { AppError } from "@/lib/server/errors";
import { BOARD_COOKIE, boardSessionUser, requireAdmin } from "@/lib/ops/admin";
import { nonceFromCsp, queueBoard, withScriptNonce } from "@/lib/ops/queue-board";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

// The dashboard's own calls (retry, clean, promote) carry tiny JSON bodies.
const BOARD_BODY_LIMIT_BYTES = 64 * 1024;

// The queue dashboard (lib/ops/queue-board.ts) for admins only: the dashboard cookie minted by
// POST /api/admin/board-session, re-checked (still an admin) on every request (docs/operations.md).
const board = apiRoute({
  auth: "optional",
  handler: async ({ req, caller }) => {
    const viaCookie = await boardSessionUser(req.cookies.get(BOARD_COOKIE)?.value);
    if (!viaCookie) {
      if (!caller) throw new AppError("common.unauthorized");
      await requireAdmin(caller);
    }
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    const body = hasBody ? JSON.stringify(await readJson(req, BOARD_BODY_LIMIT_BYTES)) : undefined;
    const headers = new Headers(req.headers);
    headers.delete("content-length");
    const res = await queueBoard().fetch(new Request(req.nextUrl.toString(), { method: req.method, headers, body }));
    const type = res.headers.get("content-type") ?? "";
    const out = type.startsWith("text/html") ? new Response(withScriptNonce(await res.text(), nonceFromCsp(req.headers.get("content-security-policy"))), res) : new Response(res.body, res);
    out.headers.set("x-content-type-options", "nosniff");
    out.headers.set("cache-control", "no-store");
    out.headers.set("referrer-policy", "no-referrer");
    return out;
  },
});

export { board as GET, board as POST, board as PUT, board as PATCH, board as DELETE };
