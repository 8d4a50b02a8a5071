"use client";
// A compact Share button with its dialog (the phone's task header). The collaborator
// manager goes in the dialog's collaborators slot, as on the desktop detail.
import { useState } from "react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import ui from "@/components/ui/ui.module.css";

const ShareDialog = dynamic(() => import("@/components/sharing/ShareDialog").then((m) => m.ShareDialog), { ssr: false });
const CollaboratorManager = dynamic(() => import("@/components/collab/CollaboratorManager").then((m) => m.CollaboratorManager), { ssr: false });

export function ShareButton({ taskId, analyzed }: { taskId: string; analyzed: boolean }) {
  const t = useTranslations("share");
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={ui.iconBtn} onClick={() => setOpen(true)} aria-label={t("button")} title={t("button")} data-testid="share-open-dialog">
        <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
          <circle cx="18" cy="5" r="3" />
          <circle cx="6" cy="12" r="3" />
          <circle cx="18" cy="19" r="3" />
          <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
        </svg>
      </button>
      {open ? <ShareDialog taskId={taskId} analyzed={analyzed} onClose={() => setOpen(false)} renderCollaborators={(p) => <CollaboratorManager {...p} />} /> : null}
    </>
  );
}
