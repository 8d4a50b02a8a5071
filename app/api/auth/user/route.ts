import { apiRoute } from "@/lib/api/handler";
import { toUserInfo } from "@/lib/auth/users";

export const GET = apiRoute({ auth: "user", handler: async ({ caller }) => toUserInfo(caller.user) });
