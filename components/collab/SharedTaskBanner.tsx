"use client";
// Tells a collaborator whose task this is and what they may do with it.
import { useTranslations } from "next-intl";
import styles from "./collab.module.css";

export function SharedTaskBanner({ ownerName }: { ownerName: string | null }) {
  const t = useTranslations("collaborators.shared");
  return (
    <p className={styles.banner} data-testid="shared-task-banner">
      {t("banner", { name: ownerName ?? "?" })}
    </p>
  );
}
