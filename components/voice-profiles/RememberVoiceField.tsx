"use client";
// "Remember this voice" in the rename-speaker dialog: one tick and one line on
// what is stored and how to delete it. On the free plan the tick opens the
// upgrade prompt instead. A name that is already a profile's says the voice
// joins that profile ("this is also Anna").
import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { UpgradeProDialog } from "@/components/billing/UpgradePro";
import { hasProFeatures } from "@/lib/billing/plans";
import { useAuth } from "@/lib/client/auth";
import { voiceProfilesApi, type VoiceProfile } from "@/lib/voice-profiles/voice-profiles.client";
import styles from "./voice-profiles.module.css";

/** The owner's profiles, loaded once for a Pro user (empty otherwise). */
export function useVoiceProfileNames(pro: boolean): VoiceProfile[] {
  const [items, setItems] = useState<VoiceProfile[]>([]);
  useEffect(() => {
    if (!pro) return;
    let live = true;
    voiceProfilesApi.list().then(
      (r) => live && setItems(r.items),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [pro]);
  return items;
}

export function profileNamed(profiles: VoiceProfile[], name: string): VoiceProfile | null {
  const key = name.trim().toLowerCase();
  return key ? (profiles.find((p) => p.name.toLowerCase() === key) ?? null) : null;
}

/** The voice goes into the profile with the speaker's (new) name, which the server finds whatever its case, or a new one. */
export function RememberVoiceField({ checked, onChange, name, disabled }: { checked: boolean; onChange: (checked: boolean) => void; name: string; disabled?: boolean }) {
  const t = useTranslations("voiceProfiles");
  const { user } = useAuth();
  const pro = user ? hasProFeatures(user.plan) : false;
  const profiles = useVoiceProfileNames(pro);
  const existing = profileNamed(profiles, name);
  const [upgrade, setUpgrade] = useState(false);

  return (
    <div className={styles.remember}>
      <label className={styles.tick}>
        <input
          type="checkbox"
          checked={checked}
          disabled={disabled}
          onChange={(e) => {
            if (e.target.checked && !pro) {
              setUpgrade(true);
              return;
            }
            onChange(e.target.checked);
          }}
          data-testid="remember-voice"
        />
        {t("remember")}
      </label>
      <p className={styles.note} data-testid="remember-voice-note">
        {checked && existing ? t("alsoProfile", { name: existing.name }) : t("rememberNote")}
      </p>
      {upgrade ? <UpgradeProDialog title={t("upgradeTitle")} details={t("upgradeBody")} onClose={() => setUpgrade(false)} testId="voice-profiles-pro-required" /> : null}
    </div>
  );
}
