"use client";
// Home of the app (/transcribe/), desktop layout: header, task list with live status, and the
// selected task's detail. The state is useHomeState's, shared with the phone's layout.
import { useState } from "react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { HomeRenewalReminder } from "@/components/billing/RenewalReminder";
import { CentredLoader } from "@/components/shell/CentredLoader";
import { SharedEmpty } from "@/components/collab/SharedViewEntry";
import { NotificationPrompt } from "@/components/notify/NotificationPrompt";
import { tasksApi } from "@/lib/tasks/task.client";
import { toast } from "@/lib/client/toasts";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { HomeHeader } from "./HomeHeader";
import { TaskList } from "./TaskList";
import { useHomeState } from "./useHomeState";
import { errorMessage } from "@/lib/client/api-errors";
import theme from "@/components/ui/theme.module.css";
import styles from "./tasks.module.css";
import detailStyles from "./detail.module.css";

const TaskDetail = dynamic(() => import("./TaskDetail").then((m) => m.TaskDetail), { ssr: false, loading: () => <CentredLoader fullScreen={false} /> });

export function TranscribeHome() {
  const t = useTranslations("app");
  const tshared = useTranslations("collaborators.shared");
  const home = useHomeState();
  const { list, selectedId, summary, folders, checked } = home;
  const [bulkConfirm, setBulkConfirm] = useState(false);

  const deleteChecked = async () => {
    const ids = [...checked];
    try {
      await tasksApi.deleteBatch(ids);
      toast.success(t("list.deletedMany", { count: ids.length }));
      home.afterDelete(ids);
    } catch (e) {
      toast.error(errorMessage(e, t("detail.deleteFailed")));
      throw e;
    }
  };

  return (
    <div className={`${theme.theme} ${styles.home}`} data-view={selectedId ? "detail" : "list"} data-testid="transcribe-home">
      <HomeHeader usage={home.usage} onUpload={home.openUpload} importHandlers={home.importHandlers} onUsageChange={home.refreshUsage} />
      <NotificationPrompt hasTasks={(list.data?.total ?? 0) > 0} />
      <HomeRenewalReminder />
      <main className={`${styles.main} ${folders.mainClass}`}>
        {folders.sidebar}
        <TaskList
          data={list.data}
          loading={list.loading}
          error={list.error}
          selectedId={selectedId}
          onSelect={home.select}
          page={home.page}
          onPage={home.changePage}
          checked={checked}
          onCheck={home.onCheck}
          onDeleteChecked={() => setBulkConfirm(true)}
          onMoveChecked={() => folders.openMove((list.data?.items ?? []).filter((i) => checked.has(i.id)))}
          onRetryLoad={() => void list.refresh()}
          onUpload={() => home.openUpload("audio")}
          selectable={!home.sharedView}
          emptyState={home.sharedView ? <SharedEmpty /> : undefined}
          title={home.sharedView ? tshared("shared") : undefined}
        />
        <section className={styles.detailPane} aria-label={t("detail.label")}>
          {selectedId ? (
            <TaskDetail
              key={selectedId}
              taskId={selectedId}
              summary={summary}
              onSummaryChange={list.patch}
              onDeleted={(id) => home.afterDelete([id])}
              onBack={() => home.select(null)}
              onMove={(task) => folders.openMove([summary ?? task])}
              onShared={home.showSharedList}
            />
          ) : (
            <div className={detailStyles.detailEmpty} data-testid="task-detail-empty">
              <p className={detailStyles.detailEmptyTitle}>{t("detail.noneSelected")}</p>
              <p className={detailStyles.detailEmptyHint}>{t("detail.noneSelectedHint")}</p>
            </div>
          )}
        </section>
      </main>
      {home.dialogs}
      {bulkConfirm ? (
        <ConfirmDialog
          title={t("list.deleteManyTitle", { count: checked.size })}
          message={t("list.deleteManyMessage", { count: checked.size })}
          confirmLabel={t("detail.deleteConfirm")}
          danger
          onConfirm={deleteChecked}
          onClose={() => setBulkConfirm(false)}
        />
      ) : null}
    </div>
  );
}
