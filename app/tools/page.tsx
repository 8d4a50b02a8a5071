import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ToolsIndex } from "./ToolsIndex";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common.tools");
  return { title: t("title") };
}

export default function ToolsPage() {
  return <ToolsIndex />;
}
