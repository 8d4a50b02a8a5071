import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { env } from "@/lib/server/env";
import { editionForHost } from "@/lib/edition/edition";
import { chooseLocale, localeCookie, TOOLS_LOCALE_HEADER } from "./locales";
import { loadMessages } from "./messages";
import { editionTimeZone } from "./time-zone";

// next-intl without locale routing: the locale comes from the edition, the
// user's stored choice (cookie) and the browser's Accept-Language.
export default getRequestConfig(async () => {
  const h = await headers();
  const edition = editionForHost(h.get("x-forwarded-host") ?? h.get("host"), env().EDITION, env().CHINA_HOSTS);
  const locale = chooseLocale({ edition, chosen: h.get(TOOLS_LOCALE_HEADER) ?? (await cookies()).get(localeCookie)?.value, browser: h.get("accept-language") });
  return { locale, timeZone: editionTimeZone(edition), messages: await loadMessages(locale) };
});
