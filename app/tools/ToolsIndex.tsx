import Link from "next/link";
import { useTranslations } from "next-intl";
import { Brand } from "@/components/shell/Brand";
import { LanguageSwitcher } from "@/components/shell/LanguageSwitcher";
import styles from "../transcribe/auth.module.css";

/** Placeholder tools index (the real tools site is a later issue); unknown /tools/* paths show it too (spec §2). */
export function ToolsIndex() {
  const t = useTranslations("common.tools");
  return (
    <main className={styles.page}>
      <header className={styles.topbar}>
        <Brand className={styles.brand} href="/tools/" />
        <LanguageSwitcher />
      </header>
      <section className={`card ${styles.panel}`} data-testid="tools-index">
        <h1 className={styles.title}>{t("title")}</h1>
        <p className={styles.subtitle}>{t("description")}</p>
        <p className="alert alert-info">{t("comingSoon")}</p>
        <Link href="/transcribe/" className="btn btn-primary btn-block" data-testid="tools-open-app">
          {t("openApp")}
        </Link>
      </section>
    </main>
  );
}
