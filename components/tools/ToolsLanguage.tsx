"use client";
import { usePathname, useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { LocaleOptions } from "@/components/shell/LocaleOptions";
import { useInterfaceLanguage } from "@/components/shell/LanguageSwitcher";
import { useIsChinaEdition } from "@/lib/edition/edition.client";
import { isLocale } from "@/lib/i18n/locales";
import { TOOLS_LANG_PARAM } from "@/lib/tools/pages";
import styles from "./tools.module.css";

/**
 * The tools site's language switch: the choice is remembered like the app's (cookie, and the
 * account when signed in), and the page moves to its own address in that language (?lang=xx),
 * which is the URL the hreflang alternates name. Hidden on the China edition (zh is forced).
 */
export function ToolsLanguage() {
  const t = useTranslations("common");
  const router = useRouter();
  const pathname = usePathname() ?? "/tools";
  const china = useIsChinaEdition();
  const { locale, change, pending } = useInterfaceLanguage();
  if (china) return null;

  async function pick(next: string) {
    if (!isLocale(next)) return;
    const params = new URLSearchParams(window.location.search);
    params.set(TOOLS_LANG_PARAM, next);
    await change(next);
    router.replace(`${pathname}?${params.toString()}`);
  }

  return (
    <label className={styles.lang}>
      <span className="visually-hidden">{t("language.label")}</span>
      <select value={locale} onChange={(e) => void pick(e.target.value)} disabled={pending} aria-label={t("language.label")} data-testid="tools-language">
        <LocaleOptions />
      </select>
    </label>
  );
}
