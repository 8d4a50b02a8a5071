"use client";
// The phone's task list: one button per task (title, status, date, length, owner), paged.
import { useFormatter, useTranslations } from "next-intl";
import { CentredLoader } from "@/components/shell/CentredLoader";
import { SharedBy } from "@/components/collab/SharedBy";
import { MeetingStatusBadge, StatusBadge } from "@/components/tasks/StatusBadge";
import { TaskProgress } from "@/components/tasks/TaskProgress";
import { IconLeft, IconRight } from "@/components/ui/icons";
import { isInProgress, type TaskSummary } from "@/lib/tasks/task.client";
import { formatDuration } from "@/lib/format/time";
import ui from "@/components/ui/ui.module.css";
import styles from "./mobile-home.module.css";

export function MobileTaskList({ data, loading, total, pageSize, page, onPage, onSelect }: {
  data: TaskSummary[] | null;
  loading: boolean;
  total: number;
  pageSize: number;
  page: number;
  onPage: (p: number) => void;
  onSelect: (id: string) => void;
}) {
  const t = useTranslations("app.list");
  const format = useFormatter();
  if (loading && !data) return <CentredLoader fullScreen={false} />;
  if (!data || data.length === 0) {
    return (
      <p className={styles.empty} data-testid="task-list-empty">
        {t("empty")}
      </p>
    );
  }
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <>
      <ul className={styles.list} data-testid="task-list">
        {data.map((task) => (
          <li key={task.id} data-testid="task-item" data-task-id={task.id} data-status={task.status}>
            <button type="button" className={styles.item} onClick={() => onSelect(task.id)} data-testid="task-open">
              <span className={styles.itemTitle} data-testid="task-item-title">
                {task.title}
              </span>
              <span className={styles.itemMeta}>
                <StatusBadge status={task.status} />
                {task.meetingStatus ? <MeetingStatusBadge status={task.meetingStatus} /> : null}
                <span>{format.dateTime(new Date(task.createTime), { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" })}</span>
                {task.duration ? <span data-testid="task-item-duration">{formatDuration(task.duration)}</span> : null}
                {task.access?.ownerName ? <SharedBy name={task.access.ownerName} /> : null}
              </span>
              {isInProgress(task.status) ? <TaskProgress task={task} compact /> : null}
            </button>
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav className={styles.pager} aria-label={t("paging")}>
          <button type="button" className={`${ui.btn} ${ui.small}`} onClick={() => onPage(page - 1)} disabled={page <= 1} aria-label={t("prev")} data-testid="task-page-prev">
            <IconLeft size={14} />
          </button>
          <span>{t("pageOf", { page, pages })}</span>
          <button type="button" className={`${ui.btn} ${ui.small}`} onClick={() => onPage(page + 1)} disabled={page >= pages} aria-label={t("next")} data-testid="task-page-next">
            <IconRight size={14} />
          </button>
        </nav>
      ) : null}
    </>
  );
}
