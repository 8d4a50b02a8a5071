"use client";
// A speaker named after one of the owner's voice profiles: "suggested" with its
// confidence, and one click to confirm it (the profile learns this recording's
// voice) or undo it (the default name comes back). A confirmed name shows so.
import { useState } from "react";
import { useTranslations } from "next-intl";
import { errorMessage } from "@/lib/client/api-errors";
import ui from "@/components/ui/ui.module.css";
import type { Speaker, Task } from "@/lib/tasks/task.client";
import { toast } from "@/lib/client/toasts";
import { voiceProfilesApi } from "@/lib/voice-profiles/voice-profiles.client";
import styles from "./voice-profiles.module.css";

export function VoiceMatchActions({ taskId, speaker, name, onAnswered }: { taskId: string; speaker: Speaker; name: string; onAnswered?: (task: Task) => void }) {
  const t = useTranslations("voiceProfiles");
  const [busy, setBusy] = useState(false);
  const match = speaker.voiceMatch;
  if (!match) return null;
  if (match.state === "confirmed") {
    return (
      <span className={styles.match}>
        <span className={`${styles.badge} ${styles.confirmed}`} data-testid="voice-match-confirmed">
          {t("confirmedBadge")}
        </span>
      </span>
    );
  }
  const answer = async (action: "confirm" | "undo") => {
    setBusy(true);
    try {
      onAnswered?.(await voiceProfilesApi.answer(taskId, speaker.id, action));
      toast.success(action === "confirm" ? t("confirmedToast", { name }) : t("undoneToast"));
    } catch (e) {
      toast.error(errorMessage(e, t("answerFailed")));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className={styles.match} data-testid="voice-match-suggested" data-confidence={match.confidence.toFixed(2)}>
      <span className={styles.badge}>{t("suggestedBadge", { confidence: Math.round(match.confidence * 100) })}</span>
      {onAnswered ? (
        <>
          <button type="button" className={`${ui.btn} ${ui.small}`} onClick={() => void answer("confirm")} disabled={busy} aria-label={t("confirmLabel", { name })} data-testid="voice-match-confirm">
            {t("confirm")}
          </button>
          <button type="button" className={`${ui.btn} ${ui.small} ${ui.ghost}`} onClick={() => void answer("undo")} disabled={busy} aria-label={t("undoLabel", { name })} data-testid="voice-match-undo">
            {t("undo")}
          </button>
        </>
      ) : null}
    </span>
  );
}
