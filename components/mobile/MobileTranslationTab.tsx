"use client";
// The phone's Translation tab: the desktop's language switcher, and the chosen
// translation's lines (read-only, on the original timeline, so they seek the player).
import { TranslationBar } from "@/components/analysis/TranslationBar";
import type { TranslationView } from "@/components/analysis/useTranslationView";
import { TranscriptView } from "@/components/transcript/TranscriptView";
import type { MediaController } from "@/components/transcript/useMediaController";
import type { Task } from "@/lib/tasks/task.client";

export function MobileTranslationTab({ task, view, controller, follow }: { task: Task; view: TranslationView; controller: MediaController; follow: boolean }) {
  const translated = view.completed?.timeline ?? null;
  return (
    <>
      <TranslationBar view={view} />
      {translated ? <TranscriptView task={{ ...task, timeline: translated }} controller={controller} follow={follow} onTaskChange={() => undefined} editable={false} /> : null}
    </>
  );
}
