import type { MetadataRoute } from "next";
import { toolsRobots } from "@/lib/tools/seo";

// robots.txt: crawl the tools site, not the API, the sign-in pages or anyone's tasks.
export const dynamic = "force-dynamic";

export default function robots(): MetadataRoute.Robots {
  return toolsRobots();
}
