"use client";
// "Move" in a task's header: opens the move dialog for this one task.
import { useTranslations } from "next-intl";
import ui from "@/components/tasks/ui.module.css";
import { IconFolderMove } from "./icons";

export function MoveTaskButton({ folderName, onClick }: { folderName: string | null; onClick: () => void }) {
  const t = useTranslations("folders");
  const title = folderName ? `${t("move.buttonTitle")} (${t("move.inFolder", { name: folderName })})` : t("move.buttonTitle");
  return (
    <button type="button" className={`${ui.btn} ${ui.small}`} onClick={onClick} title={title} data-testid="task-move">
      <IconFolderMove size={14} />
      <span>{t("move.button")}</span>
    </button>
  );
}
