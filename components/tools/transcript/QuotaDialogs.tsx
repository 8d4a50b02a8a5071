"use client";
import Link from "next/link";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { Modal } from "@/components/ui/Modal";
import { RewardsDialog } from "@/components/rewards/RewardsDialog";
import { PLANS_PATH } from "@/lib/client/routes";
import type { QuotaDialog } from "./useTranscriptTool";

/**
 * The two quota answers (states and transitions, error catalogue): signed out after the free transcript, "log in";
 * signed in with no uses left, "invite more people or upgrade to Pro", with the referral modal.
 */
export function QuotaDialogs({ dialog, onClose, onLogin }: { dialog: QuotaDialog; onClose: () => void; onLogin: () => void }) {
  const t = useTranslations("tools.transcript.quota");
  const [inviting, setInviting] = useState(false);
  if (inviting) return <RewardsDialog onClose={() => setInviting(false)} onUsageChange={() => undefined} />;
  if (dialog === "login") {
    return (
      <Modal title={t("loginTitle")} onClose={onClose} testId="transcript-login-required">
        <p>{t("loginBody")}</p>
        <button type="button" className="btn btn-primary btn-block" onClick={onLogin} data-testid="transcript-login">
          {t("loginButton")}
        </button>
      </Modal>
    );
  }
  if (dialog === "exhausted") {
    return (
      <Modal
        title={t("exhaustedTitle")}
        onClose={onClose}
        testId="transcript-quota-exhausted"
        footer={
          <>
            <button type="button" className="btn btn-secondary" onClick={() => setInviting(true)} data-testid="transcript-invite">
              {t("invite")}
            </button>
            <Link href={PLANS_PATH} className="btn btn-primary" data-testid="transcript-upgrade">
              {t("upgrade")}
            </Link>
          </>
        }
      >
        <p>{t("exhaustedBody")}</p>
      </Modal>
    );
  }
  return null;
}
