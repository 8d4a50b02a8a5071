"use client";
// The account panel (screens and routes "account and profile"): avatar, user info, interface and AI
// summary language, usage (used / total minutes, next reset), the referral section, voice profiles and the MCP keys. Opened from the header's user
// button (desktop and phone); `section` scrolls to one part (e.g. "invite friends").
import { LocaleOptions } from "@/components/shell/LocaleOptions";
import { useEffect, useRef, useState } from "react";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { formatMinutes } from "@/lib/format/minutes";
import { McpKeysPanel } from "@/components/mcp/McpKeysDialog";
import { VoiceProfilesPanel } from "@/components/voice-profiles/VoiceProfilesPanel";
import { WebhooksPanel } from "@/components/webhooks/WebhooksPanel";
import { PushDevicesSection } from "@/components/push/PushDevicesSection";
import { ReferralSection } from "@/components/rewards/ReferralSection";
import { useReferralInfo } from "@/components/rewards/useReferralInfo";
import { useInterfaceLanguage } from "@/components/shell/LanguageSwitcher";
import { Modal } from "@/components/ui/Modal";
import { errorMessage } from "@/lib/client/api-errors";
import ui from "@/components/ui/ui.module.css";
import { api } from "@/lib/client/api";
import { useAuth, type UserInfo } from "@/lib/client/auth";
import { useEdition } from "@/lib/edition/edition.client";
import { STORAGE_KEYS, writeJson } from "@/lib/client/storage";
import type { Usage } from "@/lib/tasks/task.client";
import { toast } from "@/lib/client/toasts";
import { AvatarUpload } from "./AvatarUpload";
import type { AccountSection } from "./events";
import styles from "./account.module.css";

function UsageLine({ usage }: { usage: Usage }) {
  const t = useTranslations("account.usage");
  const format = useFormatter();
  const locale = useLocale();
  const minutes = (n: number) => formatMinutes(n, locale);
  return (
    <>
      <dt>{t("title")}</dt>
      <dd data-testid="account-usage" data-used={usage.usedMinutes} data-total={usage.totalMinutes}>
        {t("line", { used: minutes(usage.usedMinutes), total: minutes(usage.totalMinutes) })}
        <br />
        <span className={styles.muted} data-testid="account-usage-reset">
          {t("resets", { date: format.dateTime(new Date(usage.nextResetDate), { dateStyle: "long" }) })}
        </span>
      </dd>
    </>
  );
}

function ProfileSection({ user, usage }: { user: UserInfo | null; usage: Usage | null }) {
  const t = useTranslations("account.profile");
  const format = useFormatter();
  const plan = user?.plan ?? "free";
  return (
    <section className={styles.section} data-testid="account-profile">
      <AvatarUpload user={user} />
      <dl className={styles.info}>
        <dt>{t("name")}</dt>
        <dd data-testid="account-name">{user?.username ?? "—"}</dd>
        <dt>{user?.phone && !user.email ? t("phone") : t("email")}</dt>
        <dd data-testid="account-email">{user?.email ?? user?.phone ?? "—"}</dd>
        <dt>{t("plan")}</dt>
        <dd data-testid="account-plan" data-plan={plan}>
          {t.has(`plans.${plan}`) ? t(`plans.${plan}`) : plan}
        </dd>
        {usage ? <UsageLine usage={usage} /> : null}
        <dt>{t("memberSince")}</dt>
        <dd>{user?.created_at ? format.dateTime(new Date(user.created_at), { dateStyle: "long" }) : "—"}</dd>
      </dl>
    </section>
  );
}

function PreferencesSection({ user }: { user: UserInfo | null }) {
  const t = useTranslations("account.preferences");
  const edition = useEdition();
  const { locale, change, pending } = useInterfaceLanguage();
  const [saving, setSaving] = useState(false);
  const summary = user?.summary_language ?? locale;

  const saveSummary = async (next: string) => {
    setSaving(true);
    try {
      writeJson(STORAGE_KEYS.user, await api.put<UserInfo>("/api/auth/user/preferences", { summary_language: next }, { updateOverlay: false }));
      toast.success(t("saved"));
    } catch (e) {
      toast.error(errorMessage(e, t("failed")));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className={styles.section} data-testid="account-preferences">
      <h3 className={styles.heading}>{t("title")}</h3>
      <div className={styles.fields}>
        {edition === "china" ? null : (
          <label className={styles.field}>
            <span>{t("uiLanguage")}</span>
            <select className={ui.field} value={locale} onChange={(e) => void change(e.target.value)} disabled={pending} data-testid="account-ui-language">
              <LocaleOptions />
            </select>
          </label>
        )}
        <label className={styles.field}>
          <span>{t("summaryLanguage")}</span>
          <select className={ui.field} value={summary} onChange={(e) => void saveSummary(e.target.value)} disabled={saving} data-testid="account-summary-language">
            <LocaleOptions />
          </select>
        </label>
      </div>
    </section>
  );
}

export function AccountDialog({ section, usage, onClose }: { section?: AccountSection; usage: Usage | null; onClose: () => void }) {
  const t = useTranslations("account");
  const { user } = useAuth();
  const [confirming, setConfirming] = useState(false);
  const referralRef = useRef<HTMLDivElement>(null);
  const mcpRef = useRef<HTMLDivElement>(null);
  const { info, error, reload } = useReferralInfo();
  useEffect(() => {
    const target = section === "referral" ? referralRef.current : section === "mcp" ? mcpRef.current : null;
    target?.scrollIntoView({ block: "start" });
  }, [section]);

  return (
    <Modal title={t("title")} onClose={onClose} wide testId="account-dialog" dismissable={!confirming}>
      <div className={styles.body}>
        <ProfileSection user={user} usage={usage} />
        <PreferencesSection user={user} />
        <div ref={referralRef} data-testid="account-referral" data-focused={section === "referral" ? "true" : undefined}>
          <ReferralSection info={info} error={error} onRetry={reload} />
        </div>
        <div className={styles.section} data-testid="account-voice-profiles">
          <h3 className={styles.heading}>{t("voiceProfilesTitle")}</h3>
          <VoiceProfilesPanel onConfirmingChange={setConfirming} />
        </div>
        <div className={styles.section} data-testid="account-push">
          <h3 className={styles.heading}>{t("push.title")}</h3>
          <PushDevicesSection />
        </div>
        <div ref={mcpRef} className={styles.section} data-testid="account-mcp">
          <h3 className={styles.heading}>{t("mcpTitle")}</h3>
          <McpKeysPanel onConfirmingChange={setConfirming} />
        </div>
        <div className={styles.section} data-testid="account-webhooks">
          <h3 className={styles.heading}>{t("webhooksTitle")}</h3>
          <WebhooksPanel onConfirmingChange={setConfirming} />
        </div>
      </div>
    </Modal>
  );
}
