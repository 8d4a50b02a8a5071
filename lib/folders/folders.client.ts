// Typed client calls for the folder routes (docs/api.md).
import { api } from "@/lib/client/api";
import { UNCATEGORIZED } from "@/lib/folders/folder.schema";

export interface Folder {
  id: string;
  name: string;
  taskCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface FolderStats {
  all: number;
  uncategorized: number;
  folders: { id: string; name: string; count: number }[];
}

/** What the task list shows: everything, the uncategorized bucket, or one folder (its id). */
export type FolderView = "all" | typeof UNCATEGORIZED | (string & {});

/** The task list's folder_id filter for a view (undefined: no filter). */
export function folderFilter(view: FolderView): string | undefined {
  return view === "all" ? undefined : view;
}

const enc = encodeURIComponent;

export const foldersApi = {
  list: () => api.get<{ items: Folder[] }>("/api/folder"),
  stats: () => api.get<FolderStats>("/api/folder/stats"),
  create: (name: string) => api.post<Folder>("/api/folder", { name }),
  rename: (id: string, name: string) => api.put<Folder>(`/api/folder/${enc(id)}`, { name }),
  remove: (id: string) => api.del<{ deleted: string; movedToUncategorized: number }>(`/api/folder/${enc(id)}`),
  /** One task; folderId null moves it to uncategorized. */
  move: (taskId: string, folderId: string | null) => api.post<MoveResult>(`/api/folder/${enc(taskId)}/move`, { folderId }),
  moveMany: (ids: string[], folderId: string | null) => api.post<MoveResult>("/api/folder/move-batch", { ids, folderId }),
};

export interface MoveResult {
  folderId: string | null;
  moved: number;
  skipped: number;
  ids: string[];
}

/** Most ids one batch move takes (POST /api/folder/move-batch). */
const MOVE_BATCH = 200;

/**
 * Tasks just created (upload, document, paste, link, meeting) while a folder is
 * shown go into that folder. The create routes stay folder-blind: the batch move
 * checks that the folder and the tasks are the caller's. Resolves with the ids
 * moved (none when the view is not one folder).
 */
export async function fileNewTasks(view: FolderView, ids: string[]): Promise<string[]> {
  if (view === "all" || view === UNCATEGORIZED || ids.length === 0) return [];
  const moved: string[] = [];
  for (let i = 0; i < ids.length; i += MOVE_BATCH) moved.push(...(await foldersApi.moveMany(ids.slice(i, i + MOVE_BATCH), view)).ids);
  return moved;
}
