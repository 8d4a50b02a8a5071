"use client";

import { LocaleOptions } from "@/components/shell/LocaleOptions";
import { useTransition } from "react";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { api } from "@/lib/client/api";
import { useAuth, type UserInfo } from "@/lib/client/auth";
import { useEdition } from "@/lib/edition/edition.client";
import { STORAGE_KEYS, writeJson } from "@/lib/client/storage";
import { toast } from "@/lib/client/toasts";
import { isLocale, localeCookie } from "@/lib/i18n/locales";
import styles from "./shell.module.css";

/**
 * The interface language and its change: sets the NEXT_LOCALE cookie, saves the choice for a
 * signed-in user, then re-renders with the server's messages (also used by the account panel).
 */
export function useInterfaceLanguage() {
  const locale = useLocale();
  const t = useTranslations("common");
  const router = useRouter();
  const { status } = useAuth();
  const [pending, startTransition] = useTransition();

  async function change(next: string) {
    if (!isLocale(next) || next === locale) return;
    document.cookie = `${localeCookie}=${next}; path=/; max-age=31536000; samesite=lax`;
    if (status === "authenticated") {
      try {
        const user = await api.put<UserInfo>("/api/auth/user/language", { language: next }, { updateOverlay: false });
        if (user && typeof user === "object") writeJson(STORAGE_KEYS.user, user);
      } catch {
        toast.error(t("language.changeFailed"));
      }
    }
    document.documentElement.lang = next;
    startTransition(() => router.refresh());
  }
  return { locale, change, pending };
}

/**
 * Interface language picker: all nine languages. Hidden on the China edition, where zh is forced by the server.
 * `compact`: the globe alone, the native picker over it, for the app's top bars: a language name there pushed the
 * "+" button off a 390 px phone in French, and on a 1366 px laptop left Spanish 31 px of search box.
 */
export function LanguageSwitcher({ className, compact = false }: { className?: string; compact?: boolean }) {
  const t = useTranslations("common");
  const edition = useEdition();
  const { locale, change, pending } = useInterfaceLanguage();

  if (edition === "china") return null;

  return (
    <label className={`${styles.langSwitcher} ${compact ? styles.langCompact : ""} ${className ?? ""}`} title={compact ? t("language.label") : undefined}>
      <span className={styles.langIcon} aria-hidden="true">
        {/* An SVG, not the emoji: machines without an emoji font show a box. */}
        <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <circle cx="12" cy="12" r="10" />
          <path d="M2 12h20M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10z" />
        </svg>
      </span>
      <span className="visually-hidden">{t("language.label")}</span>
      <select value={locale} onChange={(e) => void change(e.target.value)} disabled={pending} aria-label={t("language.label")} data-testid="language-switcher">
        <LocaleOptions />
      </select>
    </label>
  );
}

export default LanguageSwitcher;
