"use client";
// Move one task or several selected ones: choose "Uncategorized" or a folder
// (a new one can be made here too). The task's own folder is marked "current".
// Refusals (already in folder, not found) show in the dialog.
import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { Modal } from "@/components/ui/Modal";
import { ModalFooter } from "@/components/ui/ModalFooter";
import { errorMessage } from "@/lib/client/api-errors";
import ui from "@/components/ui/ui.module.css";
import type { FolderStats } from "@/lib/folders/folders.client";
import { checkFolderName, MAX_FOLDER_NAME } from "@/lib/folders/folder.schema";
import { IconFolder, IconFolderPlus, IconInbox } from "./icons";
import styles from "./folders.module.css";

export interface MoveTarget {
  id: string;
  title: string;
  folderId: string | null;
}

export interface MoveDialogProps {
  tasks: MoveTarget[];
  stats: FolderStats | null;
  /** Moves the tasks; resolves when done, rejects with the server's message. */
  onMove: (folderId: string | null, folderName: string) => Promise<unknown>;
  /** Creates a folder and resolves with it (to select it). */
  onCreateFolder: (name: string) => Promise<{ id: string; name: string }>;
  onClose: () => void;
}

const NONE = "";

export function MoveDialog({ tasks, stats, onMove, onCreateFolder, onClose }: MoveDialogProps) {
  const t = useTranslations("folders");
  const terr = useTranslations("errors");
  const tc = useTranslations("app.common");
  const single = tasks.length === 1 ? tasks[0]! : null;
  const current = single ? (single.folderId ?? NONE) : undefined;
  const [choice, setChoice] = useState<string | null>(null);
  const [newName, setNewName] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const folders = stats?.folders ?? [];
  const nameOf = (id: string) => (id === NONE ? t("sidebar.uncategorized") : (folders.find((f) => f.id === id)?.name ?? ""));
  const destinations = [{ id: NONE, name: t("sidebar.uncategorized"), icon: <IconInbox size={16} /> }, ...folders.map((f) => ({ id: f.id, name: f.name, icon: <IconFolder size={16} /> }))];

  const submit = async () => {
    if (choice === null || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onMove(choice === NONE ? null : choice, nameOf(choice));
      onClose();
    } catch (e) {
      setError(errorMessage(e, terr("folders.moveFailed")));
      setBusy(false);
    }
  };

  const create = async (e: FormEvent) => {
    e.preventDefault();
    const check = checkFolderName(newName);
    if (!check.ok) {
      setError(terr(check.problem === "empty" ? "folders.nameEmpty" : "folders.nameTooLong", { max: MAX_FOLDER_NAME }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const folder = await onCreateFolder(check.name);
      setChoice(folder.id);
      setNewName("");
    } catch (err) {
      setError(errorMessage(err, terr("folders.createFailed")));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={single ? t("move.title", { title: single.title }) : t("move.titleMany", { count: tasks.length })}
      onClose={onClose}
      dismissable={!busy}
      testId="folder-move-dialog"
      footer={<ModalFooter cancelLabel={tc("cancel")} onCancel={onClose} submitLabel={t("move.submit")} onSubmit={() => void submit()} submitTestId="folder-move-submit" busy={busy} disabled={choice === null} />}
    >
      <ul className={styles.destinations} role="radiogroup" aria-label={t("sidebar.label")} data-testid="folder-move-options">
        {destinations.map((d) => (
          <li key={d.id || "none"}>
            <label className={styles.destination} data-testid="folder-move-option" data-folder-id={d.id || "uncategorized"} data-folder-name={d.name}>
              <input type="radio" name="folder-destination" checked={choice === d.id} disabled={busy || current === d.id} onChange={() => setChoice(d.id)} />
              {d.icon}
              <span className={styles.name}>{d.name}</span>
              {current === d.id ? <span className={styles.tag}>{t("move.current")}</span> : null}
            </label>
          </li>
        ))}
      </ul>
      {folders.length === 0 ? <p className={styles.hint}>{t("move.noFolders")}</p> : null}
      <form className={styles.newRow} onSubmit={create} noValidate>
        <input
          className={ui.field}
          value={newName}
          onChange={(e) => setNewName(e.target.value)}
          placeholder={t("name.placeholder")}
          aria-label={t("name.label")}
          disabled={busy}
          data-testid="folder-move-new-name"
        />
        <button type="submit" className={`${ui.btn} ${ui.small}`} disabled={busy} data-testid="folder-move-new">
          <IconFolderPlus size={14} />
          {t("move.createFirst")}
        </button>
      </form>
      {error ? (
        <p className={styles.formError} role="alert" data-testid="folder-move-error">
          {error}
        </p>
      ) : null}
    </Modal>
  );
}
