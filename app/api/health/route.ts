import { apiRoute } from "@/lib/api/handler";
import { healthReport } from "@/lib/server/health";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ auth: "optional", handler: async () => healthReport() });
