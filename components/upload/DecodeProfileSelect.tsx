"use client";
// "Speed": more accurate (the default) or faster; the embedded engine decodes in about half
// the time with the faster profile, at a cost in accuracy (docs/speech-profiles.md).
import { useId } from "react";
import { useTranslations } from "next-intl";
import { DECODE_PROFILES, type DecodeProfile } from "@/lib/speech/types";
import ui from "@/components/ui/ui.module.css";
import styles from "@/components/transcript/transcript.module.css";

export function DecodeProfileSelect({ value, onChange, disabled }: { value: DecodeProfile; onChange: (profile: DecodeProfile) => void; disabled?: boolean }) {
  const t = useTranslations("upload.profile");
  const id = useId();
  return (
    <div>
      <label className={ui.label} htmlFor={id}>
        {t("label")}
      </label>
      <select id={id} className={ui.field} value={value} onChange={(e) => onChange(e.target.value as DecodeProfile)} disabled={disabled} data-testid="upload-decode-profile">
        {DECODE_PROFILES.map((p) => (
          <option key={p} value={p}>
            {t(p)}
          </option>
        ))}
      </select>
      <div className={styles.muted}>{t("hint")}</div>
    </div>
  );
}

