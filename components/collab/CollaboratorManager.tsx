"use client";
// Lists who can open a task (owner first) and, for the owner, adds people by
// email (international edition) or phone number (China edition) and removes
// them after a confirmation. Non-owners see the list read-only. The format is
// checked here with the server's own parseIdentifier; the server's refusals
// (user not found, already a collaborator, …) show in the same place.
import { useId, useRef, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { errorMessage } from "@/lib/client/api-errors";
import ui from "@/components/ui/ui.module.css";
import { useAuth } from "@/lib/client/auth";
import type { Collaborator } from "@/lib/collab/collaborators.client";
import { useEdition } from "@/lib/edition/edition.client";
import { toast } from "@/lib/client/toasts";
import { parseIdentifier } from "@/lib/collab/collab.schema";
import { useCollaborators } from "./useCollaborators";
import styles from "./collab.module.css";

export interface CollaboratorManagerProps {
  taskId: string;
  isOwner: boolean;
}

export function CollaboratorManager({ taskId, isOwner }: CollaboratorManagerProps) {
  const t = useTranslations("collaborators.manager");
  const { user } = useAuth();
  const { items, error, reload, add, remove } = useCollaborators(taskId);
  const [removing, setRemoving] = useState<Collaborator | null>(null);

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove(removing.userId);
      toast.success(t("removed", { name: removing.name }));
    } catch (e) {
      toast.error(errorMessage(e, t("removeFailed")));
      throw e;
    }
  };

  return (
    <div className={styles.manager} data-testid="collaborator-manager" data-owner={isOwner ? "true" : "false"}>
      {isOwner ? <AddCollaboratorForm onAdd={add} /> : <p className={styles.hint}>{t("readOnly")}</p>}
      <p className={styles.listLabel}>{t("listLabel")}</p>
      {error && !items ? (
        <div className={ui.alert} role="alert" data-testid="collaborator-load-error">
          <span>{errorMessage(error, t("loadFailed"))}</span>
          <button type="button" className={`${ui.btn} ${ui.small}`} onClick={() => void reload()}>
            {t("retry")}
          </button>
        </div>
      ) : !items ? (
        <span className={ui.spinner} aria-hidden="true" />
      ) : (
        <ul className={styles.list} data-testid="collaborator-list">
          {items.map((p) => (
            <li key={p.userId} className={styles.person} data-testid="collaborator-item" data-user-id={p.userId} data-owner={p.isOwner ? "true" : "false"}>
              <span className={styles.avatar} aria-hidden="true">
                {(p.name.trim()[0] ?? "?").toUpperCase()}
              </span>
              <span className={styles.who}>
                <span className={styles.name}>
                  {p.name}
                  {p.userId === user?.id ? ` (${t("you")})` : ""}
                </span>
                <span className={styles.identifier} data-testid="collaborator-identifier">
                  {p.email ?? p.phone ?? ""}
                </span>
              </span>
              {p.isOwner ? (
                <span className={styles.ownerTag}>{t("owner")}</span>
              ) : isOwner ? (
                <button type="button" className={`${ui.btn} ${ui.small}`} onClick={() => setRemoving(p)} aria-label={t("removeLabel", { name: p.name })} data-testid="collaborator-remove">
                  {t("remove")}
                </button>
              ) : null}
            </li>
          ))}
          {items.length <= 1 ? <li className={styles.empty}>{t("empty")}</li> : null}
        </ul>
      )}
      {removing ? (
        <ConfirmDialog
          title={t("removeTitle")}
          message={t("removeMessage", { name: removing.name })}
          confirmLabel={t("remove")}
          danger
          onConfirm={confirmRemove}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </div>
  );
}

function AddCollaboratorForm({ onAdd }: { onAdd: (identifier: string) => Promise<Collaborator> }) {
  const t = useTranslations("collaborators.manager");
  const terr = useTranslations("errors");
  const edition = useEdition();
  const byPhone = edition === "china";
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!text.trim()) return setProblem(t(byPhone ? "requiredPhone" : "required"));
    if (!parseIdentifier(text, edition)) return setProblem(terr(byPhone ? "collab.invalidPhone" : "collab.invalidEmail"));
    setBusy(true);
    setProblem(null);
    try {
      const added = await onAdd(text);
      toast.success(t("added", { name: added.name }));
      setText("");
    } catch (err) {
      // The typed text stays, so a typo can be fixed.
      setProblem(errorMessage(err, t("addFailed")));
    } finally {
      setBusy(false);
      input.current?.focus();
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="collaborator-add-form">
      <label className={ui.label} htmlFor={inputId}>
        {t(byPhone ? "addLabelPhone" : "addLabelEmail")}
      </label>
      <div className={styles.row}>
        <input
          ref={input}
          id={inputId}
          className={`${ui.field} ${problem ? ui.fieldError : ""}`}
          type={byPhone ? "tel" : "email"}
          inputMode={byPhone ? "tel" : "email"}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setProblem(null);
          }}
          placeholder={t(byPhone ? "placeholderPhone" : "placeholderEmail")}
          maxLength={254}
          autoComplete="off"
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${inputId}-msg`}
          data-testid="collaborator-input"
        />
        <button type="submit" className={`${ui.btn} ${ui.primary}`} disabled={busy} data-testid="collaborator-add">
          {busy ? <span className={ui.spinner} aria-hidden="true" /> : null}
          {t("add")}
        </button>
      </div>
      <span id={`${inputId}-msg`} className={problem ? styles.error : styles.hint} role={problem ? "alert" : undefined} data-testid={problem ? "collaborator-error" : undefined}>
        {problem ?? t("hint")}
      </span>
    </form>
  );
}
