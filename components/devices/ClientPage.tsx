"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import theme from "@/components/ui/theme.module.css";
import { HOME_PATH } from "@/lib/client/routes";
import styles from "@/components/devices/clients.module.css";

/** The frame of the clients' own pages (downloads, iOS help): back to the app, title, intro, then the page. */
export function ClientPage({ testId, back, title, intro, children }: { testId: string; back: string; title: string; intro: string; children: ReactNode }) {
  return (
    <main className={`${theme.theme} ${styles.page}`} data-testid={testId}>
      <div className={styles.pageInner}>
        <Link href={HOME_PATH} className={styles.back}>
          ← {back}
        </Link>
        <h1 className={styles.pageTitle}>{title}</h1>
        <p className={styles.muted}>{intro}</p>
        {children}
      </div>
    </main>
  );
}
