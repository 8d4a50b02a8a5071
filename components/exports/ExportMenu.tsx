"use client";
// The task's export menu (docs/exports.md): every server-built format, grouped by what it
// holds. Pro formats carry a badge; on a free plan they open the upgrade prompt (the server
// decides, through lib/billing/plans.ts, and the badge reads the same table).
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { useAuth } from "@/lib/client/auth";
import type { Task } from "@/lib/tasks/task.client";
import { hasProFeatures } from "@/lib/billing/plans";
import { formatInfo, type ExportFormat, type ExportPart } from "@/lib/exports/formats";
import { IconDownload } from "@/components/ui/icons";
import ui from "@/components/ui/ui.module.css";
import { IosPdfHint } from "./IosPdfHint";
import { ProRequiredDialog } from "./ProRequiredDialog";
import { useExportDownload } from "./useExportDownload";
import styles from "./exports.module.css";

export interface ExportableTask {
  id: string;
  title: string;
  summary: string | null;
  mindMap: unknown;
  /** The saved summary changed after the map was drawn. */
  mindMapOutdated?: boolean;
}

interface Item {
  format: ExportFormat;
  part?: ExportPart;
  label: string;
}

/**
 * `onTaskChange` receives the task when a Pro export redrew an outdated mind map first (through
 * POST /api/transcription/regenerate-xmind, the mind-map tab's own redraw), so the screen shows the map the file holds.
 */
export function ExportMenu({ task, hasTranscript, onTaskChange }: { task: ExportableTask; hasTranscript: boolean; onTaskChange?: (task: Task) => void }) {
  const t = useTranslations("exports.menu");
  const { user } = useAuth();
  const pro = user ? hasProFeatures(user.plan) : false;
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const { busy, dialog, setDialog, download } = useExportDownload(task.id, task.title, {
    redrawFirst: pro && Boolean(task.mindMapOutdated),
    onRedrawn: onTaskChange,
  });

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    document.addEventListener("mousedown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const hasSummary = Boolean(task.summary?.trim());
  const sections: { title: string; enabled: boolean; items: Item[] }[] = [
    {
      title: t("transcript"),
      enabled: hasTranscript,
      items: [
        { format: "txt", label: t("txt") },
        { format: "srt", label: t("srt") },
        { format: "vtt", label: t("vtt") },
        { format: "docx", part: "transcript", label: t("docx") },
      ],
    },
    {
      title: t("summary"),
      enabled: hasSummary,
      items: [
        { format: "md", label: t("md") },
        { format: "docx", part: "summary", label: t("docx") },
      ],
    },
    { title: t("mindMap"), enabled: Boolean(task.mindMap) || hasSummary, items: [{ format: "xmind", label: t("xmind") }] },
    { title: t("all"), enabled: hasTranscript || hasSummary, items: [{ format: "pdf", label: t("pdf") }] },
  ];

  const choose = (item: Item) => {
    setOpen(false);
    void download(item.format, item.part);
  };

  return (
    <div className={styles.menuBox} ref={box}>
      <button type="button" className={`${ui.btn} ${ui.small}`} aria-haspopup="menu" aria-expanded={open} aria-label={busy ? t("preparing") : t("button")} title={t("label")} onClick={() => setOpen((v) => !v)} disabled={Boolean(busy)} data-testid="export-menu">
        {busy ? <span className={ui.spinner} aria-hidden="true" /> : <IconDownload size={14} />}
        <span className={styles.buttonLabel}>{busy ? t("preparing") : t("button")}</span>
      </button>
      {open ? (
        <div className={styles.menu} role="menu" aria-label={t("label")} data-testid="export-menu-list">
          {sections.map((section) => (
            <div key={section.title} className={styles.section} role="group" aria-label={section.title}>
              <div className={styles.sectionTitle}>{section.title}</div>
              {section.items.map((item) => (
                <button
                  key={`${item.format}-${item.part ?? ""}`}
                  type="button"
                  role="menuitem"
                  className={styles.item}
                  disabled={!section.enabled}
                  onClick={() => choose(item)}
                  data-testid={`export-${item.format}${item.part ? `-${item.part}` : ""}`}
                >
                  <span>{item.label}</span>
                  {formatInfo[item.format].pro ? (
                    <span className={`${styles.proBadge} ${pro ? "" : styles.proLocked}`} data-testid={`export-${item.format}-pro`}>
                      {t("pro")}
                    </span>
                  ) : null}
                </button>
              ))}
            </div>
          ))}
        </div>
      ) : null}
      {dialog === "upgrade" ? <ProRequiredDialog onClose={() => setDialog(null)} /> : null}
      {dialog === "ios" ? <IosPdfHint onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
