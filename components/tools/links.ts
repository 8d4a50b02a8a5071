"use client";
// Links inside the tools site go to each page's URL in the language being shown (?lang=xx,
// lib/tools/seo.ts), so a visitor or a crawler that came in one language stays in it.
import { useLocale } from "next-intl";
import { localizedToolsPath } from "@/lib/tools/pages";

export function useToolsHref(): (path: string) => string {
  const locale = useLocale();
  return (path: string) => localizedToolsPath(path, locale);
}
