import { apiRoute } from "@/lib/api/handler";
import { healthReport } from "@/lib/server/health";
import { clientAddress, consumeLimit } from "@/lib/server/rate-limit";

export const dynamic = "force-dynamic";

// Per client address; with Redis down the limit lets the check through, so that it can report it.
export const GET = apiRoute({
  auth: "optional",
  handler: async ({ req }) => {
    await consumeLimit("healthPerIp", clientAddress(req.headers), { whenStoreDown: "allow" });
    return healthReport();
  },
});
