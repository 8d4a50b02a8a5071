import type { Metadata } from "next";
import { toolPageMetadata } from "@/lib/tools/seo";

// Any unknown path of the tools site shows the tools index (screens and routes): canonical to /tools and
// not indexed itself, so a mistyped link never competes with the real page.
export { default } from "../page";

export async function generateMetadata(): Promise<Metadata> {
  return { ...(await toolPageMetadata("index")), robots: { index: false, follow: true } };
}
