"use client";
// The hotword manager dialog (screens and routes, validation rules): summary, add one, add many, and the
// list. Hotwords are a Pro feature; the server decides (403
// hotwords.membershipRequired), and this shows an explanation instead.
import { useState } from "react";
import { useTranslations } from "next-intl";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { Modal } from "@/components/ui/Modal";
import { errorMessage } from "@/lib/client/api-errors";
import ui from "@/components/ui/ui.module.css";
import type { Hotword, HotwordSummary } from "@/lib/hotwords/hotwords.client";
import { toast } from "@/lib/client/toasts";
import { HotwordAddForm } from "./HotwordAddForm";
import { HotwordBatchForm } from "./HotwordBatchForm";
import { HotwordList } from "./HotwordList";
import { MembershipRequired } from "./MembershipRequired";
import { useHotwords, type HotwordsModel } from "./useHotwords";
import styles from "./hotwords.module.css";

export function HotwordManager({ onClose }: { onClose: () => void }) {
  const t = useTranslations("hotwords");
  const model = useHotwords();
  const [deleting, setDeleting] = useState<Hotword | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await model.remove(deleting.id);
      toast.success(t("delete.deleted"));
    } catch (e) {
      toast.error(errorMessage(e, t("delete.failed")));
      throw e; // keeps the confirmation open
    }
  };

  return (
    <>
      {/* While the confirmation is open, Escape must close it alone, not the manager too. */}
      <Modal title={t("title")} onClose={onClose} wide testId="hotword-manager" dismissable={!deleting}>
        <ManagerBody model={model} onClose={onClose} onDeleteRequest={setDeleting} />
      </Modal>
      {deleting ? (
        <ConfirmDialog
          title={t("delete.title")}
          message={t("delete.message", { text: deleting.text })}
          confirmLabel={t("delete.confirm")}
          danger
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </>
  );
}

interface ManagerBodyProps {
  model: HotwordsModel;
  onClose: () => void;
  onDeleteRequest: (hotword: Hotword) => void;
}

function ManagerBody({ model, onClose, onDeleteRequest }: ManagerBodyProps) {
  const t = useTranslations("hotwords");
  if (model.state === "membershipRequired") return <MembershipRequired onClose={onClose} />;
  if (model.state === "loading") {
    return (
      <div className={styles.state} role="status" data-testid="hotword-loading">
        <span className={ui.spinner} aria-hidden="true" />
        {t("loading")}
      </div>
    );
  }
  if (model.state === "error" || !model.summary) {
    return (
      <div className={styles.state} role="alert" data-testid="hotword-load-error">
        <span>{errorMessage(model.loadError, t("loadFailed"))}</span>
        <button type="button" className={`${ui.btn} ${ui.small}`} onClick={() => void model.reload()}>
          {t("retry")}
        </button>
      </div>
    );
  }
  const full = model.summary.remaining <= 0;
  return (
    <div className={styles.body}>
      <p className={styles.intro}>{t("intro")}</p>
      <SummaryLine summary={model.summary} />
      <HotwordAddForm onAdd={model.add} full={full} limit={model.summary.limit} />
      <HotwordBatchForm onAddBatch={model.addBatch} full={full} />
      <HotwordList items={model.items} onSetEnabled={model.setEnabled} onDeleteRequest={onDeleteRequest} />
    </div>
  );
}

function SummaryLine({ summary }: { summary: HotwordSummary }) {
  const t = useTranslations("hotwords");
  return (
    <div
      className={styles.summary}
      aria-live="polite"
      data-testid="hotword-summary"
      data-total={summary.total}
      data-active={summary.active}
      data-remaining={summary.remaining}
    >
      {t("summary", { total: summary.total, active: summary.active, remaining: summary.remaining, limit: summary.limit })}
    </div>
  );
}
