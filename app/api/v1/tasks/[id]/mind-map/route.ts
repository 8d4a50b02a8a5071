import { apiRoute } from "@/lib/api/handler";
import { v1TaskIdParams } from "@/lib/public-api/v1.schema";
import { mindMapOf } from "@/lib/public-api/v1.service";

export const GET = apiRoute({ auth: "read", params: v1TaskIdParams, handler: async ({ caller, params }) => mindMapOf(caller.user.id, params.id) });
