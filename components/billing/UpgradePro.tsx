"use client";
// The one upgrade-to-Pro prompt (screens and routes), shown wherever a Pro feature is refused
// (hotwords, PDF and .xmind export, MCP keys, batch and large uploads). It says each thing once
// (issue 25): what was refused (the heading), optionally one line particular to it, what Pro
// gives, and the way to the plans page.
import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { Modal } from "@/components/ui/Modal";
import ui from "@/components/ui/ui.module.css";
import { PLANS_PATH } from "@/lib/client/routes";
import styles from "./upgrade-pro.module.css";

interface UpgradeProps {
  /** What was refused, in a few words ("Hotwords are a Pro feature"); the generic heading when left out. */
  title?: string;
  /** One line particular to this refusal (e.g. the server's catalogue message), when it adds something. */
  details?: ReactNode;
  /** "Not now"; left out where the prompt is one section among others (the account panel). */
  onClose?: () => void;
  testId?: string;
  closeTestId?: string;
}

function Actions({ onClose, closeTestId }: { onClose?: () => void; closeTestId?: string }) {
  const t = useTranslations("account.upgrade");
  return (
    <div className={styles.actions}>
      {onClose ? (
        <button type="button" className={`${ui.btn} ${ui.ghost}`} onClick={onClose} data-testid={closeTestId ?? "upgrade-close"}>
          {t("later")}
        </button>
      ) : null}
      <a className={`${ui.btn} ${ui.primary}`} href={PLANS_PATH} data-autofocus data-testid="upgrade-plans">
        {t("plans")}
      </a>
    </div>
  );
}

/** Inline, inside a dialog that already has its own frame (hotword manager, MCP keys). */
export function UpgradeProPanel({ title, details, onClose, testId, closeTestId }: UpgradeProps) {
  const t = useTranslations("account.upgrade");
  return (
    <div className={styles.upgrade} data-testid={testId ?? "upgrade-pro"}>
      <h3 className={styles.heading}>{title ?? t("title")}</h3>
      {details ? <p>{details}</p> : null}
      <p className={styles.muted}>{t("benefits")}</p>
      <Actions onClose={onClose} closeTestId={closeTestId} />
    </div>
  );
}

/** As its own dialog (e.g. an export asked for on the free plan). */
export function UpgradeProDialog({ title, details, onClose, testId, closeTestId }: UpgradeProps & { onClose: () => void }) {
  const t = useTranslations("account.upgrade");
  return (
    <Modal title={title ?? t("title")} onClose={onClose} testId={testId ?? "upgrade-pro"} footer={<Actions onClose={onClose} closeTestId={closeTestId} />}>
      {details ? <p>{details}</p> : null}
      <p className={styles.muted}>{t("benefits")}</p>
    </Modal>
  );
}
