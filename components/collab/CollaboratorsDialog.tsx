"use client";
// The collaborator manager in its own dialog, opened from the task detail.
import { useTranslations } from "next-intl";
import { Modal } from "@/components/ui/Modal";
import { CollaboratorManager } from "./CollaboratorManager";

export function CollaboratorsDialog({ taskId, isOwner, onClose }: { taskId: string; isOwner: boolean; onClose: () => void }) {
  const t = useTranslations("collaborators.dialog");
  return (
    <Modal title={t("title")} onClose={onClose} testId="collaborators-dialog">
      <CollaboratorManager taskId={taskId} isOwner={isOwner} />
    </Modal>
  );
}
