"use client";
// Folders in the app home: which view the list shows (all, uncategorized, a
// folder), the sidebar's counts, and the dialogs. The home renders `sidebar` and
// `dialogs`, passes `filter` to its task list and calls `openMove` from the list's
// bulk bar and the task's header.
import { useCallback, useState, type ReactNode } from "react";
import { folderFilter, type FolderView } from "@/lib/folders/folders.client";
import { FolderSidebar } from "./FolderSidebar";
import { useFolderDialogs, type FolderChange } from "./useFolderDialogs";
import { useFolderStats } from "./useFolderStats";
import styles from "./folders.module.css";

export interface HomeFoldersOptions {
  /** The list shows another view: back to page 1, selection cleared. */
  onViewChange: () => void;
  /** Tasks moved or a folder changed: reload the list. (After uploads and deletes the home calls `refreshStats`.) */
  onChanged: (change: FolderChange) => void;
  /** Entries below the folders (e.g. "Shared with me"). */
  extraViews?: ReactNode;
  /** One of the extra views is shown: no folder row is marked current. */
  extraViewActive?: boolean;
}

export function useHomeFolders({ onViewChange, onChanged, extraViews, extraViewActive = false }: HomeFoldersOptions) {
  const [view, setView] = useState<FolderView>("all");
  const { stats, refresh } = useFolderStats();

  const changeView = useCallback(
    (next: FolderView) => {
      setView(next);
      onViewChange();
    },
    [onViewChange],
  );

  const dialogs = useFolderDialogs({
    stats,
    refreshStats: refresh,
    onChanged: (change) => {
      if (change.deletedFolderId && change.deletedFolderId === view) changeView("all");
      onChanged(change);
    },
  });

  const sidebar = <FolderSidebar stats={stats} view={extraViewActive ? "" : view} onView={changeView} onCreate={dialogs.openCreate} onRename={dialogs.openRename} onDelete={dialogs.openDelete} extraViews={extraViews} />;

  return { view, setView: changeView, filter: folderFilter(view), stats, refreshStats: refresh, sidebar, mainClass: styles.withSidebar, openMove: dialogs.openMove, dialogs: dialogs.dialogs };
}
