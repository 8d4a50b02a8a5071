import { apiRoute } from "@/lib/api/handler";
import { ok } from "@/lib/api/respond";
import { healthReport, servicesDown } from "@/lib/ops/health";
import { clientAddress, consumeLimit } from "@/lib/rate-limit/rate-limit";
import { redis } from "@/lib/server/redis";

export const dynamic = "force-dynamic";

// Per client address. The limit lives in Redis: with Redis not connected it is
// skipped (health must answer at once and report it), and a Redis that does
// not answer lets the check through too. The database or Redis down: HTTP 503, same body.
export const GET = apiRoute({
  auth: "optional",
  handler: async ({ req }) => {
    if (redis().status === "ready") await consumeLimit("healthPerIp", clientAddress(req.headers), { whenStoreDown: "allow" });
    const report = await healthReport();
    return ok(report, "ok", servicesDown(report) ? { status: 503 } : undefined);
  },
});
