import { apiRoute } from "@/lib/api/handler";
import { accountLinks } from "@/lib/account/links";

// The community link of the out-of-credits dialog (env COMMUNITY_URL; null when unset).
export const GET = apiRoute({ auth: "user", handler: async () => accountLinks() });
