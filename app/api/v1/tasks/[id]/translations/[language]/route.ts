import { apiRoute } from "@/lib/api/handler";
import { queryTranslation } from "@/lib/analysis/translation.service";
import { v1TranslationParams } from "@/lib/public-api/v1.schema";

// The translation into one language, or null when none was asked for.
export const GET = apiRoute({ auth: "read", params: v1TranslationParams, handler: async ({ caller, params }) => queryTranslation(caller.user.id, params.id, params.language) });
