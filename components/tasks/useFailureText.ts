"use client";
// A failed task's message and description in the reader's language: the server stores them
// in the language of the moment the task failed, so a known errorCode is translated again here.
import { useCallback } from "react";
import { useTranslations } from "next-intl";
import type { TaskErrorDetails } from "@/lib/tasks/task.client";

export function useFailureText() {
  const tt = useTranslations("tasks");
  return useCallback(
    (details: TaskErrorDetails | null | undefined): { message: string | null; description: string | null } => {
      const code = details?.errorCode;
      const known = (part: "message" | "description") => (code && tt.has(`failure.${code}.${part}`) ? tt(`failure.${code}.${part}`) : null);
      return { message: known("message") ?? details?.message ?? null, description: known("description") ?? details?.description ?? null };
    },
    [tt],
  );
}
