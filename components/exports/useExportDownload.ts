"use client";
// One export download at a time from the menu: the server's file, its refusal as a toast, a
// Pro format refused for the plan as the upgrade prompt, and after a PDF on iOS the save hint.
// .xmind and PDF hold the mind map: an outdated one is redrawn first (regenerate-xmind).
import { useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { analysisApi } from "@/lib/analysis/analysis.client";
import { isApiError } from "@/lib/client/api";
import { downloadExport, isIos } from "@/lib/exports/exports.client";
import type { Task } from "@/lib/tasks/task.client";
import { toast } from "@/lib/client/toasts";
import type { ExportFormat, ExportPart } from "@/lib/exports/formats";
import { errorMessage } from "@/lib/client/api-errors";

export type ExportDialog = "upgrade" | "ios" | null;

/** Formats drawn from the mind map: an outdated map is redrawn from the saved summary first when `redrawFirst`. */
const FROM_MIND_MAP: readonly ExportFormat[] = ["xmind", "pdf"];

export function useExportDownload(taskId: string, title: string, opts: { redrawFirst?: boolean; onRedrawn?: (task: Task) => void } = {}) {
  const t = useTranslations("exports.menu");
  const terr = useTranslations("errors");
  const locale = useLocale();
  const [busy, setBusy] = useState<string | null>(null);
  const [dialog, setDialog] = useState<ExportDialog>(null);

  const download = async (format: ExportFormat, part?: ExportPart) => {
    if (busy) return;
    setBusy(`${format}:${part ?? ""}`);
    try {
      if (opts.redrawFirst && FROM_MIND_MAP.includes(format)) opts.onRedrawn?.(await analysisApi.redrawMindMap(taskId));
      await downloadExport(taskId, format, { part, locale, fallbackName: `${title}.${format}` });
      toast.success(t("started"));
      if (format === "pdf" && isIos()) setDialog("ios");
    } catch (e) {
      if (isApiError(e) && e.key === "exports.proRequired") setDialog("upgrade");
      else toast.error(errorMessage(e, format === "xmind" ? terr("exports.xmindFailed") : terr("common.requestFailed")));
    } finally {
      setBusy(null);
    }
  };

  return { busy, dialog, setDialog, download };
}
