"use client";
// The desktop folder sidebar: "All", "Uncategorized" and the user's folders, each
// with its task count; new, rename and delete from here. Narrow windows get the
// same choice as a select (FolderPicker). `extraViews` is the slot below the
// folders for other views of the library (e.g. "Shared with me").
import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { IconEdit, IconTrash } from "@/components/ui/icons";
import ui from "@/components/ui/ui.module.css";
import type { FolderStats, FolderView } from "@/lib/folders/folders.client";
import { UNCATEGORIZED } from "@/lib/folders/folder.schema";
import { FolderPicker } from "./FolderPicker";
import { IconFolder, IconFolderPlus, IconInbox, IconStack } from "./icons";
import styles from "./folders.module.css";

export interface FolderRef {
  id: string;
  name: string;
  count: number;
}

export interface FolderSidebarProps {
  stats: FolderStats | null;
  view: FolderView;
  onView: (view: FolderView) => void;
  onCreate: () => void;
  onRename: (folder: FolderRef) => void;
  onDelete: (folder: FolderRef) => void;
  /** Rendered below the folders: entries for other views of the library. */
  extraViews?: ReactNode;
}

export function FolderSidebar({ stats, view, onView, onCreate, onRename, onDelete, extraViews }: FolderSidebarProps) {
  const t = useTranslations("folders");
  const views = [
    { id: "all", label: t("sidebar.all"), count: stats?.all, icon: <IconStack size={16} /> },
    { id: UNCATEGORIZED, label: t("sidebar.uncategorized"), count: stats?.uncategorized, icon: <IconInbox size={16} /> },
  ];
  return (
    <nav className={styles.sidebar} aria-label={t("sidebar.label")} data-testid="folder-sidebar">
      <div className={styles.full}>
        <ul className={styles.views}>
          {views.map((v) => (
            <ViewRow key={v.id} testId={`folder-view-${v.id}`} label={v.label} count={v.count} icon={v.icon} current={view === v.id} onClick={() => onView(v.id)} />
          ))}
        </ul>
        <div className={styles.sectionHead}>
          <span>{t("sidebar.title")}</span>
          <button type="button" className={ui.iconBtn} onClick={onCreate} aria-label={t("sidebar.newFolder")} title={t("sidebar.newFolder")} data-testid="folder-new">
            <IconFolderPlus size={16} />
          </button>
        </div>
        {stats && stats.folders.length === 0 ? <p className={styles.empty}>{t("sidebar.empty")}</p> : null}
        <ul className={styles.folders} data-testid="folder-list">
          {stats?.folders.map((f) => (
            <ViewRow key={f.id} testId="folder-item" folderId={f.id} label={f.name} count={f.count} icon={<IconFolder size={16} />} current={view === f.id} onClick={() => onView(f.id)}>
              <span className={styles.rowActions}>
                <button type="button" className={ui.iconBtn} onClick={() => onRename(f)} aria-label={t("sidebar.rename", { name: f.name })} title={t("sidebar.rename", { name: f.name })} data-testid="folder-rename">
                  <IconEdit size={14} />
                </button>
                <button type="button" className={ui.iconBtn} onClick={() => onDelete(f)} aria-label={t("sidebar.delete", { name: f.name })} title={t("sidebar.delete", { name: f.name })} data-testid="folder-delete">
                  <IconTrash size={14} />
                </button>
              </span>
            </ViewRow>
          ))}
        </ul>
        {extraViews ? <div className={styles.extra}>{extraViews}</div> : null}
      </div>
      <div className={styles.compact}>
        <FolderPicker stats={stats} view={view} onView={onView} testId="folder-picker-compact" />
        <button type="button" className={ui.iconBtn} onClick={onCreate} aria-label={t("sidebar.newFolder")} title={t("sidebar.newFolder")}>
          <IconFolderPlus size={16} />
        </button>
        {extraViews}
      </div>
    </nav>
  );
}

function ViewRow({ testId, folderId, label, count, icon, current, onClick, children }: { testId: string; folderId?: string; label: string; count: number | undefined; icon: ReactNode; current: boolean; onClick: () => void; children?: ReactNode }) {
  const t = useTranslations("folders");
  return (
    <li className={`${styles.row} ${current ? styles.rowCurrent : ""}`} data-testid={testId} data-folder-id={folderId} data-folder-name={folderId ? label : undefined}>
      <button type="button" className={styles.view} onClick={onClick} aria-current={current ? "true" : undefined} title={label}>
        {icon}
        <span className={styles.name}>{label}</span>
        {count === undefined ? null : (
          <span className={styles.count} data-testid="folder-count" aria-label={t("sidebar.count", { count })}>
            {count}
          </span>
        )}
      </button>
      {children}
    </li>
  );
}
