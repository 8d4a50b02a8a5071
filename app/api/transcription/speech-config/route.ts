import { apiRoute } from "@/lib/api/handler";
import { speechLanguageConfig } from "@/lib/tasks/spoken-language";

// Which spoken languages the speech engine takes, so the upload, link and meeting dialogs can warn before a start.
export const GET = apiRoute({ auth: "user", handler: async () => speechLanguageConfig() });
