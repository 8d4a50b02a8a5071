import type { MetadataRoute } from "next";
import { CHINA_HIDDEN_PAGES, TOOL_PAGES } from "@/lib/tools/pages";
import { requestEdition } from "@/lib/tools/request-edition";
import { toolsSitemap } from "@/lib/tools/seo";

// sitemap.xml: the tools site's public pages in every language (lib/tools/seo.ts). The app's
// own pages need a sign-in and are not listed. Rendered per request: the edition follows the host.
export const dynamic = "force-dynamic";

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const china = (await requestEdition()) === "china";
  return toolsSitemap(TOOL_PAGES.filter((p) => !(china && CHINA_HIDDEN_PAGES.includes(p))));
}
