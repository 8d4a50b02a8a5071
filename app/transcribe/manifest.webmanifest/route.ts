import { headers } from "next/headers";
import { getLocale, getTranslations } from "next-intl/server";
import { editionOfRequest } from "@/lib/edition/request-edition";
import { webAppManifest } from "@/lib/pwa/manifest";

export const dynamic = "force-dynamic";

// The installed app's manifest, in the interface language and the edition of the host (docs/devices.md "Install").
export async function GET() {
  const [locale, t, h] = await Promise.all([getLocale(), getTranslations("clients.pwa.manifest"), headers()]);
  const edition = editionOfRequest(h);
  const variant = edition === "china" ? "china" : "international";
  const manifest = webAppManifest(
    { name: t(`${variant}.name`), shortName: t(`${variant}.shortName`), description: t("description"), record: t("record"), upload: t("upload") },
    locale,
    edition,
  );
  return new Response(JSON.stringify(manifest), {
    headers: { "content-type": "application/manifest+json; charset=utf-8", "cache-control": "no-cache", "x-content-type-options": "nosniff", vary: "cookie, accept-language, host" },
  });
}
