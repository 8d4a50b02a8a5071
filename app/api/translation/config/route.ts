import { apiRoute } from "@/lib/api/handler";
import { translationConfig } from "@/lib/analysis/translation.service";

// Whether translation can run here (it needs an AI provider), so the panel can say so before the user picks a language.
export const GET = apiRoute({ auth: "user", handler: async () => translationConfig() });
