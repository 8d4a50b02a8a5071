import { apiRoute } from "@/lib/api/handler";
import { AppError } from "@/lib/server/errors";
import { preferencesBody } from "@/lib/auth/auth.schema";
import { toUserInfo, updateUserPreferences } from "@/lib/auth/users";
import { isLocale } from "@/lib/i18n/locales";

export const PUT = apiRoute({
  auth: "user",
  body: preferencesBody,
  handler: async ({ caller, body }) => {
    if (body.ui_language && !isLocale(body.ui_language)) throw new AppError("common.invalidInput", { field: "ui_language" });
    if (body.summary_language && !isLocale(body.summary_language)) throw new AppError("common.invalidInput", { field: "summary_language" });
    const user = await updateUserPreferences(caller.user.id, {
      uiLanguage: body.ui_language,
      summaryLanguage: body.summary_language,
      username: body.username,
    });
    return toUserInfo(user);
  },
});
