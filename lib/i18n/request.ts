import "server-only";
import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { editionOfRequest } from "@/lib/edition/request-edition";
import { chooseLocale, localeCookie, TOOLS_LOCALE_HEADER } from "./locales";
import { loadMessages } from "./messages";
import { editionTimeZone } from "./time-zone";

// next-intl without locale routing: the locale comes from the edition, the
// user's stored choice (cookie) and the browser's Accept-Language.
export default getRequestConfig(async () => {
  const h = await headers();
  const edition = editionOfRequest(h);
  const locale = chooseLocale({ edition, chosen: h.get(TOOLS_LOCALE_HEADER) ?? (await cookies()).get(localeCookie)?.value, browser: h.get("accept-language") });
  return { locale, timeZone: editionTimeZone(edition), messages: await loadMessages(locale) };
});
