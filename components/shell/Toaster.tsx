"use client";

import { useTranslations } from "next-intl";
import { toast, useToasts } from "@/lib/client/toasts";
import styles from "./shell.module.css";

const ICONS = { success: "✓", error: "!", info: "i" } as const;

/** Renders the toasts of lib/client/toasts (at most 3). */
export function Toaster() {
  const toasts = useToasts();
  const t = useTranslations("common");
  return (
    <section className={styles.toaster} aria-label={t("toast.region")} aria-live="polite" data-testid="toaster">
      {toasts.map((item) => (
        <div
          key={item.id}
          className={`${styles.toast} ${styles[`toast_${item.type}`]}`}
          role={item.type === "error" ? "alert" : "status"}
          data-testid="toast"
          data-type={item.type}
        >
          <span className={styles.toastIcon} aria-label={t(`toast.${item.type}`)}>
            {ICONS[item.type]}
          </span>
          <span className={styles.toastMessage} data-testid="toast-message">
            {item.message}
          </span>
          <button type="button" className={styles.toastClose} onClick={() => toast.dismiss(item.id)} aria-label={t("actions.dismiss")} data-testid="toast-close">
            ×
          </button>
        </div>
      ))}
    </section>
  );
}
