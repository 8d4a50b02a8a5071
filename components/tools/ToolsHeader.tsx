"use client";
import Link from "next/link";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { ToolsAccount } from "./ToolsAccount";
import { ToolsLanguage } from "./ToolsLanguage";
import { ToolsNav } from "./ToolsNav";
import { useToolsHref } from "./links";
import styles from "./tools.module.css";

/** The tools site's header: brand, the tools, language and sign-in; on phones the tools fold into a menu. */
export function ToolsHeader() {
  const t = useTranslations("tools.nav");
  const tc = useTranslations("common");
  const [open, setOpen] = useState(false);
  const href = useToolsHref();
  return (
    <header className={styles.header}>
      <div className={styles.headerRow}>
        <Link href={href("/tools")} className={styles.brand} data-testid="tools-brand">
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src="/logo.svg" alt="" width={28} height={28} />
          <span>{tc("app.name")}</span>
          <span className={styles.brandTag}>{t("tools")}</span>
        </Link>
        <div className={styles.desktopOnly}>
          <ToolsNav />
        </div>
        <div className={styles.headerEnd}>
          <ToolsLanguage />
          <div className={styles.desktopOnly}>
            <ToolsAccount />
          </div>
          <button type="button" className={`btn btn-ghost ${styles.menuButton}`} aria-expanded={open} aria-controls="tools-menu" onClick={() => setOpen((o) => !o)} data-testid="tools-menu">
            <span aria-hidden="true">☰</span>
            <span className="visually-hidden">{t("menu")}</span>
          </button>
        </div>
      </div>
      {open && (
        <div id="tools-menu" className={styles.mobileMenu} data-testid="tools-mobile-menu">
          <ToolsNav vertical onNavigate={() => setOpen(false)} />
          <ToolsAccount />
        </div>
      )}
    </header>
  );
}
