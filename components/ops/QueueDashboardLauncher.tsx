"use client";
// /transcribe/admin: trades the signed-in admin's bearer token for the queue dashboard's cookie
// (POST /api/admin/board-session: httpOnly, SameSite=Strict, 30 minutes) and opens the dashboard.
// Anyone else sees that the dashboard is for admins only (docs/operations.md "Queue dashboard").
import { useCallback, useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import theme from "@/components/ui/theme.module.css";
import styles from "@/components/devices/clients.module.css";
import { api, isApiError } from "@/lib/client/api";
import { HOME_PATH } from "@/lib/client/routes";

type State = { kind: "opening" } | { kind: "refused" } | { kind: "failed"; message: string };

export function QueueDashboardLauncher() {
  const t = useTranslations("ops.dashboard");
  const [state, setState] = useState<State>({ kind: "opening" });

  const open = useCallback(async () => {
    setState({ kind: "opening" });
    try {
      const { url } = await api.post<{ url: string }>("/api/admin/board-session", {});
      window.location.assign(url);
    } catch (e) {
      if (isApiError(e) && e.code === 403) setState({ kind: "refused" });
      else setState({ kind: "failed", message: e instanceof Error ? e.message : String(e) });
    }
  }, []);

  useEffect(() => {
    void open();
  }, [open]);

  return (
    <main className={`${theme.theme} ${styles.page}`} data-testid="ops-dashboard-launcher">
      <div className={styles.pageInner}>
        <Link href={HOME_PATH} className={styles.back}>
          ← {t("back")}
        </Link>
        <h1 className={styles.pageTitle}>{t("title")}</h1>
        {state.kind === "opening" && <p className={styles.muted}>{t("opening")}</p>}
        {state.kind === "refused" && (
          <p role="alert" data-testid="ops-dashboard-refused">
            {t("refused")}
          </p>
        )}
        {state.kind === "failed" && (
          <>
            <p role="alert">{state.message}</p>
            <button type="button" onClick={() => void open()}>
              {t("retry")}
            </button>
          </>
        )}
      </div>
    </main>
  );
}
