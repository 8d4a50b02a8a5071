"use client";
// The task list: live status, progress, failures, paging and multi-select delete.
import { memo, type ReactNode } from "react";
import { useFormatter, useTranslations } from "next-intl";
import type { TaskPage, TaskSummary } from "@/lib/tasks/task.client";
import { formatDuration } from "@/lib/format/time";
import { IconAudio, IconDoc, IconLeft, IconLink, IconRight, IconTrash, IconUpload, IconUsers, IconVideo } from "@/components/ui/icons";
import { MeetingStatusBadge, StatusBadge } from "./StatusBadge";
import { TaskProgress } from "./TaskProgress";
import { useFailureText } from "./useFailureText";
import { SharedBy } from "@/components/collab/SharedBy";
import { errorMessage } from "@/lib/client/api-errors";
import ui from "@/components/ui/ui.module.css";
import styles from "./tasks.module.css";

export interface TaskListProps {
  data: TaskPage | null;
  loading: boolean;
  error: unknown;
  selectedId: string | null;
  onSelect: (id: string) => void;
  page: number;
  onPage: (page: number) => void;
  checked: ReadonlySet<string>;
  onCheck: (ids: string[], on: boolean) => void;
  onDeleteChecked: () => void;
  /** Opens the folder move dialog for the checked tasks (components/folders). */
  onMoveChecked?: () => void;
  onRetryLoad: () => void;
  onUpload: () => void;
  /** false for "Shared with me": no checkboxes (deleting and moving are the owner's). */
  selectable?: boolean;
  /** Replaces the "upload your first file" empty state. */
  emptyState?: ReactNode;
  /** Replaces the list's heading (e.g. "Shared with me"). */
  title?: string;
}

export function TaskList({ data, loading, error, selectedId, onSelect, page, onPage, checked, onCheck, onDeleteChecked, onMoveChecked, onRetryLoad, onUpload, selectable = true, emptyState, title }: TaskListProps) {
  const t = useTranslations("app.list");
  const tf = useTranslations("folders");
  const items = data?.items ?? [];
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  const allChecked = items.length > 0 && items.every((i) => checked.has(i.id));

  return (
    <div className={styles.listPane} data-testid="task-list-pane">
      <div className={styles.listHead}>
        {selectable ? (
          <label className={styles.checkAll}>
            <input
              type="checkbox"
              checked={allChecked}
              disabled={items.length === 0}
              onChange={(e) => onCheck(items.map((i) => i.id), e.target.checked)}
              aria-label={t("selectAll")}
              data-testid="task-select-all"
            />
          </label>
        ) : null}
        <h2 className={styles.listTitle}>
          {title ?? t("title")}
          {data ? (
            <span className={styles.listCount} data-testid="task-total">
              {data.total}
            </span>
          ) : null}
        </h2>
        {checked.size > 0 ? (
          <div className={styles.bulkBar} data-testid="task-bulk-bar">
            <span>{t("selected", { count: checked.size })}</span>
            <button type="button" className={`${ui.btn} ${ui.small}`} onClick={() => onCheck([...checked], false)} data-testid="task-bulk-clear">
              {t("clearSelection")}
            </button>
            {onMoveChecked ? (
              <button type="button" className={`${ui.btn} ${ui.small}`} onClick={onMoveChecked} data-testid="task-bulk-move">
                {tf("move.button")}
              </button>
            ) : null}
            <button type="button" className={`${ui.btn} ${ui.small} ${ui.danger}`} onClick={onDeleteChecked} data-testid="task-bulk-delete">
              <IconTrash size={14} />
              {t("deleteSelected")}
            </button>
          </div>
        ) : null}
      </div>

      {error && !data ? (
        <div className={`${ui.alert} ${styles.listAlert}`} role="alert" data-testid="task-list-error">
          <span>{errorMessage(error, t("loadFailed"))}</span>
          <button type="button" className={`${ui.btn} ${ui.small}`} onClick={onRetryLoad}>
            {t("retry")}
          </button>
        </div>
      ) : null}

      {loading && !data ? (
        <ul className={styles.list} aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <li key={i} className={styles.skeleton} />
          ))}
        </ul>
      ) : data && items.length === 0 && emptyState && page === 1 ? (
        emptyState
      ) : data && items.length === 0 ? (
        <div className={styles.listEmpty} data-testid="task-list-empty">
          <IconUpload size={28} />
          <p className={styles.listEmptyTitle}>{page > 1 ? t("emptyPage") : t("empty")}</p>
          {page > 1 ? (
            <button type="button" className={`${ui.btn} ${ui.small}`} onClick={() => onPage(1)}>
              {t("firstPage")}
            </button>
          ) : (
            <>
              <p className={styles.listEmptyHint}>{t("emptyHint")}</p>
              <button type="button" className={`${ui.btn} ${ui.primary}`} onClick={onUpload} data-testid="task-list-empty-upload">
                <IconUpload />
                {t("uploadFirst")}
              </button>
            </>
          )}
        </div>
      ) : (
        <ul className={styles.list} data-testid="task-list">
          {items.map((task) => (
            <TaskListItem key={task.id} task={task} selected={task.id === selectedId} checked={checked.has(task.id)} onSelect={onSelect} onCheck={onCheck} selectable={selectable} />
          ))}
        </ul>
      )}

      {data && pages > 1 ? (
        <nav className={styles.pager} aria-label={t("paging")} data-testid="task-pager">
          <button type="button" className={`${ui.btn} ${ui.small}`} onClick={() => onPage(page - 1)} disabled={page <= 1} data-testid="task-page-prev" aria-label={t("prev")}>
            <IconLeft size={14} />
          </button>
          <span data-testid="task-page-info">{t("pageOf", { page, pages })}</span>
          <button type="button" className={`${ui.btn} ${ui.small}`} onClick={() => onPage(page + 1)} disabled={page >= pages} data-testid="task-page-next" aria-label={t("next")}>
            <IconRight size={14} />
          </button>
        </nav>
      ) : null}
    </div>
  );
}

const TaskListItem = memo(function TaskListItem({
  task,
  selected,
  checked,
  onSelect,
  onCheck,
  selectable,
}: {
  task: TaskSummary;
  selected: boolean;
  checked: boolean;
  onSelect: (id: string) => void;
  onCheck: (ids: string[], on: boolean) => void;
  selectable: boolean;
}) {
  const t = useTranslations("app.list");
  const format = useFormatter();
  const created = new Date(task.createTime);
  const failure = useFailureText()(task.errorDetails);
  return (
    <li className={`${styles.item} ${selected ? styles.itemSelected : ""}`} data-testid="task-item" data-task-id={task.id} data-status={task.status} aria-current={selected ? "true" : undefined}>
      {selectable ? <input type="checkbox" className={styles.itemCheck} checked={checked} onChange={(e) => onCheck([task.id], e.target.checked)} aria-label={t("select", { title: task.title })} data-testid="task-select" /> : null}
      <button type="button" className={styles.itemMain} onClick={() => onSelect(task.id)} data-testid="task-open">
        <span className={styles.itemTop}>
          <span className={styles.itemKind} aria-hidden="true" data-testid="task-source" data-source={task.source}>
            <SourceIcon task={task} />
          </span>
          <span className={styles.itemTitle} data-testid="task-item-title">
            {task.title}
          </span>
        </span>
        <span className={styles.itemMeta}>
          <StatusBadge status={task.status} />
          {task.meetingStatus ? <MeetingStatusBadge status={task.meetingStatus} /> : null}
          <time dateTime={task.createTime} title={format.dateTime(created, { dateStyle: "medium", timeStyle: "short" })}>
            {format.dateTime(created, { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" })}
          </time>
          {task.duration ? <span data-testid="task-item-duration">{formatDuration(task.duration)}</span> : null}
          {task.access?.ownerName ? <SharedBy name={task.access.ownerName} /> : null}
        </span>
        {task.status === "queued" || task.status === "merging" || task.status === "transcribing" ? <TaskProgress task={task} compact /> : null}
        {task.status === "failed" && failure.message ? (
          <span className={styles.itemError} data-testid="task-item-error">
            {failure.message}
          </span>
        ) : null}
      </button>
    </li>
  );
});

/** Where the task came from: a video link, a document or text, a meeting, or a recording (audio or video). */
function SourceIcon({ task }: { task: Pick<TaskSummary, "source" | "mediaKind"> }) {
  if (task.source === "link") return <IconLink size={14} />;
  if (task.source === "document" || task.source === "text") return <IconDoc size={14} />;
  if (task.source === "meeting") return <IconUsers size={14} />;
  return task.mediaKind === "video" ? <IconVideo size={14} /> : <IconAudio size={14} />;
}
