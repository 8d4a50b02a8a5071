"use client";
// Links inside the tools site keep the page language of the address (?lang=xx, lib/tools/seo.ts),
// so a visitor (or a crawler) who came in one language stays in it.
import { useSearchParams } from "next/navigation";
import { isLocale } from "@/lib/i18n/locales";
import { TOOLS_LANG_PARAM } from "@/lib/tools/pages";

export function useToolsHref(): (path: string) => string {
  const params = useSearchParams();
  const lang = params?.get(TOOLS_LANG_PARAM);
  return (path: string) => {
    if (!isLocale(lang) || !path.startsWith("/tools")) return path;
    return `${path}${path.includes("?") ? "&" : "?"}${TOOLS_LANG_PARAM}=${lang}`;
  };
}
