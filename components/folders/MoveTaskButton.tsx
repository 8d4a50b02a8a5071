"use client";
// "Move" in a task's header (the phone's; the desktop has it in the "More" menu): opens the move dialog for this one task.
import { useTranslations } from "next-intl";
import ui from "@/components/ui/ui.module.css";
import { IconFolderMove } from "./icons";

/** `compact`: the icon alone (the phone's task header), named by its label for screen readers. */
export function MoveTaskButton({ folderName, onClick, compact = false }: { folderName: string | null; onClick: () => void; compact?: boolean }) {
  const t = useTranslations("folders");
  const title = folderName ? `${t("move.buttonTitle")} (${t("move.inFolder", { name: folderName })})` : t("move.buttonTitle");
  return (
    <button type="button" className={compact ? ui.iconBtn : `${ui.btn} ${ui.small}`} onClick={onClick} title={title} aria-label={compact ? title : undefined} data-testid="task-move">
      <IconFolderMove size={compact ? 18 : 14} />
      {compact ? null : <span>{t("move.button")}</span>}
    </button>
  );
}
