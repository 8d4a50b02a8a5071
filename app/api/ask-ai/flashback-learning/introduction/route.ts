import { apiRoute } from "@/lib/api/handler";
import { flashbackIntroduction } from "@/lib/analysis/chat.service";

export const GET = apiRoute({ auth: "user", handler: async ({ locale }) => flashbackIntroduction(locale) });
