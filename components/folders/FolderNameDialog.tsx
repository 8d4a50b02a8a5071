"use client";
// Create or rename a folder. The name rules are checked as the user types (the
// same checkFolderName the server uses); the server's refusals (name exists...)
// show under the field, and the typed name stays.
import { useId, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { Modal } from "@/components/ui/Modal";
import { ModalFooter } from "@/components/ui/ModalFooter";
import { errorMessage } from "@/lib/client/api-errors";
import ui from "@/components/ui/ui.module.css";
import { checkFolderName, MAX_FOLDER_NAME } from "@/lib/folders/folder.schema";
import styles from "./folders.module.css";

export interface FolderNameDialogProps {
  mode: "create" | "rename";
  initialName?: string;
  /** Saves the checked name; a rejection's message is shown in the dialog. */
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}

export function FolderNameDialog({ mode, initialName = "", onSubmit, onClose }: FolderNameDialogProps) {
  const t = useTranslations("folders");
  const terr = useTranslations("errors");
  const tc = useTranslations("app.common");
  const inputId = useId();
  const [name, setName] = useState(initialName);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const check = checkFolderName(name);
  const ruleError = !check.ok && (check.problem === "tooLong" || submitted) ? terr(check.problem === "empty" ? "folders.nameEmpty" : "folders.nameTooLong", { max: MAX_FOLDER_NAME }) : null;
  const problem = ruleError ?? serverError;

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    setSubmitted(true);
    if (!check.ok || busy) return;
    setBusy(true);
    setServerError(null);
    try {
      await onSubmit(check.name);
      onClose();
    } catch (err) {
      setServerError(errorMessage(err, terr(mode === "create" ? "folders.createFailed" : "folders.renameFailed")));
      setBusy(false);
    }
  };

  return (
    <Modal
      title={t(`${mode}.title`)}
      onClose={onClose}
      dismissable={!busy}
      testId="folder-name-dialog"
      footer={<ModalFooter cancelLabel={tc("cancel")} onCancel={onClose} submitLabel={t(`${mode}.submit`)} form={`${inputId}-form`} submitTestId="folder-name-submit" busy={busy} />}
    >
      <form id={`${inputId}-form`} onSubmit={submit} noValidate>
        <label className={ui.label} htmlFor={inputId}>
          {t("name.label")}
        </label>
        <input
          id={inputId}
          className={`${ui.field} ${problem ? ui.fieldError : ""}`}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setServerError(null);
          }}
          placeholder={t("name.placeholder")}
          maxLength={MAX_FOLDER_NAME * 4}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${inputId}-hint`}
          autoComplete="off"
          data-autofocus
          data-testid="folder-name-input"
        />
        {problem ? (
          <p id={`${inputId}-hint`} className={styles.formError} role="alert" data-testid="folder-name-error">
            {problem}
          </p>
        ) : (
          <p id={`${inputId}-hint`} className={styles.hint}>
            {t("name.hint", { max: MAX_FOLDER_NAME })}
          </p>
        )}
      </form>
    </Modal>
  );
}
