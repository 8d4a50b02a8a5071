import { apiRoute } from "@/lib/api/handler";
import { countApiKeys } from "@/lib/api-keys/keys.service";

export const GET = apiRoute({ auth: "user", handler: async ({ caller }) => countApiKeys(caller.user.id) });
