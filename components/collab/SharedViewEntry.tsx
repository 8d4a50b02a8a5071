"use client";
// The "Shared with me" entry under the folders (components/folders' extraViews slot).
import { useTranslations } from "next-intl";
import { IconUsers } from "@/components/ui/icons";
import styles from "./collab.module.css";

export function SharedViewEntry({ active, onClick }: { active: boolean; onClick: () => void }) {
  const t = useTranslations("collaborators.shared");
  return (
    <button type="button" className={styles.sharedEntry} onClick={onClick} aria-pressed={active} data-testid="shared-view">
      <IconUsers size={16} />
      <span>{t("shared")}</span>
    </button>
  );
}

export function SharedEmpty() {
  const t = useTranslations("collaborators.shared");
  return (
    <div className={styles.sharedEmpty} data-testid="shared-list-empty">
      <IconUsers size={28} />
      <p className={styles.sharedEmptyTitle}>{t("empty")}</p>
      <p className={styles.hint}>{t("emptyHint")}</p>
    </div>
  );
}
