"use client";
// "Recently deleted" (docs/recently-deleted.md): the entry under the folders (desktop) or
// beside the folder picker (phone), and its dialog listing deleted tasks with Restore and
// Delete forever. Deleted tasks stay restorable for the retention period, then go for good.
import { useCallback, useEffect, useState } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { tasksApi, type DeletedTask } from "@/lib/tasks/task.client";
import { toast } from "@/lib/client/toasts";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { IconTrash } from "@/components/ui/icons";
import { Modal } from "@/components/ui/Modal";
import { errorMessage } from "@/lib/client/api-errors";
import ui from "@/components/ui/ui.module.css";
import styles from "./recently-deleted.module.css";

export function RecentlyDeletedEntry({ onClick }: { onClick: () => void }) {
  const t = useTranslations("app.recentlyDeleted");
  return (
    <button type="button" className={styles.entry} onClick={onClick} data-testid="recently-deleted-entry">
      <IconTrash size={16} />
      <span>{t("entry")}</span>
    </button>
  );
}

/** The dialog; `onRestored` lets the home screen refresh its list and folder counts. */
export function RecentlyDeletedDialog({ onClose, onRestored }: { onClose: () => void; onRestored: (ids: string[]) => void }) {
  const t = useTranslations("app.recentlyDeleted");
  const tc = useTranslations("app.common");
  const format = useFormatter();
  const [tasks, setTasks] = useState<DeletedTask[] | null>(null);
  const [days, setDays] = useState(30);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [forever, setForever] = useState<DeletedTask | null>(null);

  const load = useCallback(async () => {
    setError(null);
    try {
      const res = await tasksApi.listDeleted();
      setTasks(res.tasks);
      setDays(res.retentionDays);
    } catch (e) {
      setError(e);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const restore = async (task: DeletedTask) => {
    setBusy(task.id);
    try {
      await tasksApi.restore([task.id]);
      setTasks((cur) => cur?.filter((x) => x.id !== task.id) ?? null);
      toast.success(t("restored", { title: task.title }));
      onRestored([task.id]);
    } catch (e) {
      toast.error(errorMessage(e, t("failed")));
    } finally {
      setBusy(null);
    }
  };

  const deleteForever = async (task: DeletedTask) => {
    try {
      await tasksApi.deleteForever([task.id]);
      setTasks((cur) => cur?.filter((x) => x.id !== task.id) ?? null);
      toast.success(t("deletedForever"));
    } catch (e) {
      toast.error(errorMessage(e, t("failed")));
      throw e;
    }
  };

  return (
    <Modal
      title={t("title")}
      onClose={onClose}
      wide
      testId="recently-deleted-dialog"
      footer={
        <button type="button" className={ui.btn} onClick={onClose} data-testid="recently-deleted-close">
          {tc("close")}
        </button>
      }
    >
      <p className={styles.hint}>{t("hint", { days })}</p>
      {error ? (
        <div className={ui.alert} role="alert">
          {errorMessage(error, t("failed"))}{" "}
          <button type="button" className={`${ui.btn} ${ui.small}`} onClick={() => void load()}>
            {t("retry")}
          </button>
        </div>
      ) : tasks === null ? (
        <span className={ui.spinner} aria-hidden="true" />
      ) : tasks.length === 0 ? (
        <p className={styles.empty} data-testid="recently-deleted-empty">
          {t("empty")}
        </p>
      ) : (
        <ul className={styles.list} data-testid="recently-deleted-list">
          {tasks.map((task) => (
            <li key={task.id} className={styles.row} data-testid="recently-deleted-item" data-task-id={task.id}>
              <div className={styles.text}>
                <span className={styles.title} title={task.title}>
                  {task.title}
                </span>
                <span className={styles.meta}>{t("purgeOn", { date: format.dateTime(new Date(task.purgeAt), { dateStyle: "medium" }) })}</span>
              </div>
              <div className={styles.actions}>
                <button type="button" className={`${ui.btn} ${ui.small}`} onClick={() => void restore(task)} disabled={busy !== null} data-testid="recently-deleted-restore">
                  {t("restore")}
                </button>
                <button type="button" className={`${ui.btn} ${ui.small} ${ui.ghost}`} onClick={() => setForever(task)} disabled={busy !== null} data-testid="recently-deleted-forever">
                  {t("deleteForever")}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {forever ? (
        <ConfirmDialog
          title={t("deleteForeverTitle")}
          message={t("deleteForeverMessage", { title: forever.title })}
          confirmLabel={t("deleteForever")}
          danger
          onConfirm={() => deleteForever(forever)}
          onClose={() => setForever(null)}
        />
      ) : null}
    </Modal>
  );
}
