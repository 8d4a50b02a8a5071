"use client";
// "Shared by <owner>" on a task shared with the user.
import { useTranslations } from "next-intl";
import styles from "./collab.module.css";

export function SharedBy({ name }: { name: string }) {
  const t = useTranslations("collaborators.shared");
  return (
    <span className={styles.sharedBy} data-testid="task-shared-by">
      {t("sharedBy", { name })}
    </span>
  );
}
