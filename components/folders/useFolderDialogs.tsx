"use client";
// The folder dialogs of the app home in one place: create, rename, delete and
// move (one task or several). The home gets the openers and one node to render;
// after each change the counts reload and `onChanged` lets the list reload too.
import { useCallback, useState } from "react";
import { useTranslations } from "next-intl";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { errorMessage } from "@/lib/client/api-errors";
import { foldersApi, type FolderStats } from "@/lib/folders/folders.client";
import { toast } from "@/lib/client/toasts";
import type { FolderRef } from "./FolderSidebar";
import { FolderNameDialog } from "./FolderNameDialog";
import { MoveDialog, type MoveTarget } from "./MoveDialog";

type Open = { kind: "create" } | { kind: "rename"; folder: FolderRef } | { kind: "delete"; folder: FolderRef } | { kind: "move"; tasks: MoveTarget[] } | null;

export interface FolderChange {
  /** Tasks that changed folder (moved, or sent to uncategorized by a delete). */
  movedIds?: string[];
  /** Where the moved tasks went (null: uncategorized), for the list to show before it reloads. */
  movedTo?: { id: string; name: string } | null;
  deletedFolderId?: string;
  /** A folder was renamed: tasks listed with its old name need reloading. */
  renamed?: boolean;
}

export function useFolderDialogs({ stats, refreshStats, onChanged }: { stats: FolderStats | null; refreshStats: () => Promise<void>; onChanged: (change: FolderChange) => void }) {
  const t = useTranslations("folders");
  const terr = useTranslations("errors");
  const [open, setOpen] = useState<Open>(null);
  const close = useCallback(() => setOpen(null), []);

  const create = async (name: string) => {
    const folder = await foldersApi.create(name);
    toast.success(t("create.created", { name: folder.name }));
    await refreshStats();
    return folder;
  };

  const rename = (folder: FolderRef) => async (name: string) => {
    const renamed = await foldersApi.rename(folder.id, name);
    toast.success(t("rename.renamed", { name: renamed.name }));
    await refreshStats();
    onChanged({ renamed: true });
  };

  const remove = (folder: FolderRef) => async () => {
    try {
      await foldersApi.remove(folder.id);
      toast.success(t("delete.deleted"));
      await refreshStats();
      onChanged({ deletedFolderId: folder.id });
    } catch (e) {
      toast.error(errorMessage(e, terr("folders.deleteFailed")));
      throw e;
    }
  };

  const move = (tasks: MoveTarget[]) => async (folderId: string | null, folderName: string) => {
    const ids = tasks.map((task) => task.id);
    const res = ids.length === 1 ? await foldersApi.move(ids[0]!, folderId) : await foldersApi.moveMany(ids, folderId);
    toast.success(ids.length === 1 ? t("move.moved", { folder: folderName }) : t("move.movedMany", { count: res.moved, folder: folderName }));
    // The list first: a move dialog reopened as soon as the counts change must see each task's new folder.
    onChanged({ movedIds: res.ids, movedTo: folderId ? { id: folderId, name: folderName } : null });
    await refreshStats();
  };

  const dialogs =
    open?.kind === "create" ? (
      <FolderNameDialog mode="create" onSubmit={create} onClose={close} />
    ) : open?.kind === "rename" ? (
      <FolderNameDialog mode="rename" initialName={open.folder.name} onSubmit={rename(open.folder)} onClose={close} />
    ) : open?.kind === "delete" ? (
      <ConfirmDialog
        title={t("delete.title", { name: open.folder.name })}
        message={<span data-testid="folder-delete-message">{t("delete.message", { count: open.folder.count })}</span>}
        confirmLabel={t("delete.confirm")}
        danger
        onConfirm={remove(open.folder)}
        onClose={close}
      />
    ) : open?.kind === "move" ? (
      <MoveDialog tasks={open.tasks} stats={stats} onMove={move(open.tasks)} onCreateFolder={create} onClose={close} />
    ) : null;

  return {
    openCreate: useCallback(() => setOpen({ kind: "create" }), []),
    openRename: useCallback((folder: FolderRef) => setOpen({ kind: "rename", folder }), []),
    openDelete: useCallback((folder: FolderRef) => setOpen({ kind: "delete", folder }), []),
    openMove: useCallback((tasks: MoveTarget[]) => setOpen({ kind: "move", tasks }), []),
    dialogs,
  };
}

/** The list's rows for tasks just moved, in their new folder (the reload that follows confirms it). */
export function movedRows(change: FolderChange): { id: string; folderId: string | null; folder: { id: string; name: string } | null }[] {
  if (!change.movedIds || change.movedTo === undefined) return [];
  const to = change.movedTo;
  return change.movedIds.map((id) => ({ id, folderId: to?.id ?? null, folder: to }));
}
