"use client";
// "How many people speak?": automatic, or a number the diarizer then keeps to.
import { useId } from "react";
import { useTranslations } from "next-intl";
import { SPEAKER_COUNT_MAX } from "@/lib/tasks/task.schema";
import ui from "@/components/ui/ui.module.css";
import styles from "./transcript.module.css";

export function SpeakerCountSelect({ value, onChange, disabled, testId }: { value: number | null; onChange: (count: number | null) => void; disabled?: boolean; testId: string }) {
  const t = useTranslations("app.speakers");
  const id = useId();
  return (
    <div>
      <label className={ui.label} htmlFor={id}>
        {t("countLabel")}
      </label>
      <select id={id} className={ui.field} value={value ?? ""} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)} disabled={disabled} data-testid={testId}>
        <option value="">{t("countAuto")}</option>
        {Array.from({ length: SPEAKER_COUNT_MAX }, (_, i) => i + 1).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      <div className={styles.muted}>{t("countHint")}</div>
    </div>
  );
}
