"use client";
// The share dialog (screens and routes): create the link, copy it, switch it on/off, the
// search-engine opt-in, and the place where the collaborator manager goes.
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { Modal } from "@/components/ui/Modal";
import { Switch } from "@/components/ui/Switch";
import { toast } from "@/lib/client/toasts";
import ui from "@/components/ui/ui.module.css";
import { useShareLink } from "@/components/sharing/useShareLink";
import styles from "@/components/sharing/share.module.css";

export interface ShareDialogProps {
  taskId: string;
  /** The task has a finished AI summary: only then can a link be made. */
  analyzed: boolean;
  onClose: () => void;
  /**
   * COLLABORATORS SLOT: the collaborator manager (components/collab/CollaboratorManager,
   * props { taskId, isOwner }) is rendered here, under the link section.
   */
  renderCollaborators?: (props: { taskId: string; isOwner: boolean }) => ReactNode;
}

export function ShareDialog({ taskId, analyzed, onClose, renderCollaborators }: ShareDialogProps) {
  const t = useTranslations("share.dialog");
  const terr = useTranslations("errors.share");
  const link = useShareLink(taskId, { load: terr("serverError"), create: terr("createFailed"), toggle: terr("toggleFailed") });
  const [copied, setCopied] = useState(false);
  const urlRef = useRef<HTMLInputElement>(null);
  // The link as this browser reaches the site (the server's APP_URL may name another host in development).
  const [origin, setOrigin] = useState("");
  useEffect(() => setOrigin(window.location.origin), []);
  const shareUrl = link.share ? (origin ? origin + link.share.path : link.share.url) : "";

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shareUrl);
      setCopied(true);
      toast.success(t("copied"));
    } catch {
      urlRef.current?.select();
      toast.error(t("copyFailed"));
    }
  };

  const switchLink = async (enabled: boolean) => {
    const next = await link.toggle({ enabled });
    if (next) toast.success(next.enabled ? t("turnedOn") : t("turnedOff"));
  };

  const switchIndexing = async (allowIndexing: boolean) => {
    const next = await link.toggle({ allowIndexing });
    if (next) toast.success(next.allowIndexing ? t("indexingOn") : t("indexingOff"));
  };

  return (
    <Modal title={t("title")} onClose={onClose} testId="share-dialog" wide>
      <section className={styles.section} aria-busy={link.loading} data-testid="share-link-section" data-state={link.loading ? "loading" : link.share ? (link.share.enabled ? "enabled" : "disabled") : "none"}>
        <p className={styles.intro}>{t("intro")}</p>
        {link.error ? (
          <div className={ui.alert} role="alert" data-testid="share-error">
            {link.error}
          </div>
        ) : null}
        {link.loading ? (
          <p className={styles.muted}>{t("loading")}</p>
        ) : !link.isOwner ? (
          <p className={styles.muted}>{t("ownerOnly")}</p>
        ) : !link.share ? (
          <div className={styles.createRow}>
            {!analyzed ? (
              <p className={`${ui.alert} ${ui.info}`} data-testid="share-needs-summary">
                {t("needsSummary")}
              </p>
            ) : null}
            <button type="button" className={`${ui.btn} ${ui.primary}`} onClick={() => void link.create()} disabled={link.busy || !analyzed} data-testid="share-create">
              {link.busy ? <span className={ui.spinner} aria-hidden="true" /> : null}
              {link.busy ? t("creating") : t("create")}
            </button>
          </div>
        ) : (
          <>
            <label className={ui.label} htmlFor={`share-url-${taskId}`}>
              {t("urlLabel")}
            </label>
            <div className={styles.urlRow}>
              <input
                ref={urlRef}
                id={`share-url-${taskId}`}
                className={`${ui.field} ${styles.url} ${link.share.enabled ? "" : styles.urlOff}`}
                value={shareUrl}
                readOnly
                onFocus={(e) => e.currentTarget.select()}
                data-testid="share-url"
              />
              <button type="button" className={`${ui.btn} ${ui.primary}`} onClick={() => void copy()} disabled={!link.share.enabled} data-testid="share-copy">
                {copied ? t("copied") : t("copy")}
              </button>
              <a className={ui.btn} href={link.share.path} target="_blank" rel="noopener noreferrer" aria-disabled={!link.share.enabled} data-testid="share-open">
                {t("open")}
              </a>
            </div>
            <div className={styles.switches}>
              <Switch checked={link.share.enabled} onChange={(v) => void switchLink(v)} disabled={link.busy} label={t("enabled")} description={t("enabledHint")} testId="share-enabled" />
              <Switch
                checked={link.share.allowIndexing}
                onChange={(v) => void switchIndexing(v)}
                disabled={link.busy}
                label={t("indexing")}
                description={t("indexingHint")}
                testId="share-indexing"
              />
            </div>
          </>
        )}
      </section>
      {/* Collaborator manager slot (another module): owner-only actions are enforced by its own API. */}
      {renderCollaborators ? (
        <section className={styles.section} data-testid="share-collaborators">
          <h3 className={styles.heading}>{t("collaborators")}</h3>
          {renderCollaborators({ taskId, isOwner: link.isOwner })}
        </section>
      ) : null}
    </Modal>
  );
}
