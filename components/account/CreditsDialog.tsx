"use client";
// Out of credits (screens and routes, error catalogue "credits used up"): shown when an upload or import is
// refused for usage. Offers the upgrade, inviting friends (the account panel's referral
// section) or joining the community (env COMMUNITY_URL; hidden when unset).
import { useEffect, useState } from "react";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { formatMinutes } from "@/lib/format/minutes";
import { Modal } from "@/components/ui/Modal";
import ui from "@/components/ui/ui.module.css";
import { api } from "@/lib/client/api";
import { PLANS_PATH } from "@/lib/client/routes";
import type { Usage } from "@/lib/tasks/task.client";
import { REFERRAL_BONUS_MINUTES } from "@/lib/rewards/constants";
import styles from "./account.module.css";

export function CreditsDialog({ usage, onClose, onInvite }: { usage: Usage | null; onClose: () => void; onInvite: () => void }) {
  const t = useTranslations("account.credits");
  const format = useFormatter();
  const locale = useLocale();
  const [community, setCommunity] = useState<string | null>(null);
  useEffect(() => {
    api
      .get<{ community_url: string | null }>("/api/account/links", undefined, { updateOverlay: false })
      .then((r) => setCommunity(r.community_url))
      .catch(() => setCommunity(null));
  }, []);

  return (
    <Modal title={t("title")} onClose={onClose} testId="credits-dialog">
      <div className={styles.body}>
        {usage ? (
          <p data-testid="credits-usage">
            {t("body", {
              used: formatMinutes(usage.usedMinutes, locale),
              total: formatMinutes(usage.totalMinutes, locale),
              date: format.dateTime(new Date(usage.nextResetDate), { dateStyle: "medium" }),
            })}
          </p>
        ) : null}
        <div className={styles.choices}>
          <a className={`${ui.btn} ${ui.primary}`} href={PLANS_PATH} data-autofocus data-testid="credits-upgrade">
            {t("upgrade")}
          </a>
          <button type="button" className={ui.btn} onClick={onInvite} data-testid="credits-invite">
            {t("invite", { minutes: REFERRAL_BONUS_MINUTES })}
          </button>
          {community ? (
            <a className={ui.btn} href={community} target="_blank" rel="noopener noreferrer" data-testid="credits-community">
              {t("community")}
            </a>
          ) : null}
          <button type="button" className={`${ui.btn} ${ui.ghost}`} onClick={onClose} data-testid="credits-close">
            {t("later")}
          </button>
        </div>
      </div>
    </Modal>
  );
}
