import { apiRoute } from "@/lib/api/handler";
import { v1TaskIdParams } from "@/lib/public-api/v1.schema";
import { chaptersOf } from "@/lib/public-api/v1.service";

export const GET = apiRoute({ auth: "read", params: v1TaskIdParams, handler: async ({ caller, params }) => chaptersOf(caller.user.id, params.id) });
