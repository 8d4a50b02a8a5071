import { timingSafeEqual } from "node:crypto";
import { apiRoute } from "@/lib/api/handler";
import { AppError } from "@/lib/server/errors";
import { requireAdmin } from "@/lib/ops/admin";
import { renderMetrics } from "@/lib/ops/metrics";
import { env } from "@/lib/server/env";

export const dynamic = "force-dynamic";

function holdsMetricsToken(authorization: string | null): boolean {
  const expected = env().METRICS_TOKEN;
  const sent = /^Bearer\s+(.+)$/i.exec(authorization ?? "")?.[1]?.trim();
  if (!expected || !sent) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

// Prometheus text for the metrics token (METRICS_TOKEN, bearer) or an admin's session (docs/operations.md "Metrics").
export const GET = apiRoute({
  auth: "optional",
  handler: async ({ req, caller }) => {
    if (!holdsMetricsToken(req.headers.get("authorization"))) {
      if (!caller) throw new AppError("common.unauthorized");
      await requireAdmin(caller);
    }
    const { text, contentType } = await renderMetrics();
    return new Response(text, { headers: { "content-type": contentType, "cache-control": "no-store", "x-content-type-options": "nosniff" } });
  },
});
