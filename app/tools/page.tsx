import type { Metadata } from "next";
import { requestEdition } from "@/lib/tools/request-edition";
import { toolPageMetadata } from "@/lib/tools/seo";
import { ToolsIndex } from "./ToolsIndex";

export function generateMetadata(): Promise<Metadata> {
  return toolPageMetadata("index");
}

export default async function ToolsPage() {
  const china = (await requestEdition()) === "china";
  return <ToolsIndex china={china} />;
}
