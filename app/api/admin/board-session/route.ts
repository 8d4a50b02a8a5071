import { apiRoute } from "@/lib/api/handler";
import { ok } from "@/lib/api/respond";
import { BOARD_PATH, boardCookie, openBoardSession, requireAdmin } from "@/lib/ops/admin";
import { servedOverHttps } from "@/lib/server/security-headers";

export const dynamic = "force-dynamic";

// An admin's app trades its bearer token for the queue dashboard's cookie (httpOnly, SameSite=Strict,
// path /admin/queues, 30 minutes), then opens the dashboard: docs/operations.md "Queue dashboard".
export const POST = apiRoute({
  auth: "user",
  bodyLimitBytes: 1024,
  handler: async ({ req, caller }) => {
    await requireAdmin(caller);
    const token = await openBoardSession(caller.user.id);
    const res = ok({ url: BOARD_PATH });
    res.headers.append("set-cookie", boardCookie(token, servedOverHttps(req.url, req.headers.get("x-forwarded-proto"))));
    res.headers.set("cache-control", "no-store");
    return res;
  },
});
