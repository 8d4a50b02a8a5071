import { apiRoute } from "@/lib/api/handler";
import { apiKeyIdParams } from "@/lib/api-keys/api-keys.schema";
import { deleteApiKey } from "@/lib/api-keys/keys.service";

export const DELETE = apiRoute({ auth: "user", params: apiKeyIdParams, handler: async ({ caller, params }) => deleteApiKey(caller.user.id, params.id) });
