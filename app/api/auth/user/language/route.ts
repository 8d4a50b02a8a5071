import { apiRoute } from "@/lib/api/handler";
import { AppError } from "@/lib/server/errors";
import { languageBody } from "@/lib/auth/auth.schema";
import { toUserInfo, updateUserLanguage } from "@/lib/auth/users";
import { isLocale } from "@/lib/i18n/locales";

export const PUT = apiRoute({
  auth: "user",
  body: languageBody,
  handler: async ({ caller, body }) => {
    if (!isLocale(body.language)) throw new AppError("common.invalidInput", { field: "language" });
    return toUserInfo(await updateUserLanguage(caller.user.id, body.language));
  },
});
