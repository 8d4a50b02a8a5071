import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { TranscriptTool } from "@/components/tools/transcript/TranscriptTool";
import { toolPageMetadata } from "@/lib/tools/seo";
import { requestEdition } from "@/lib/tools/request-edition";

export function generateMetadata(): Promise<Metadata> {
  return toolPageMetadata("online-youtube-video-transcript");
}

// The video-platform transcript tool; not offered on the China edition (screens and routes).
export default async function TranscriptToolPage() {
  if ((await requestEdition()) === "china") redirect("/tools");
  return <TranscriptTool />;
}
