"use client";
// Which tasks to show, as one select: all, uncategorized, or a folder (with counts).
// The folder choice on phones and in narrow windows.
import { useId } from "react";
import { useTranslations } from "next-intl";
import type { FolderStats, FolderView } from "@/lib/folders/folders.client";
import { UNCATEGORIZED } from "@/lib/folders/folder.schema";
import styles from "./folders.module.css";

export interface FolderPickerProps {
  stats: FolderStats | null;
  view: FolderView;
  onView: (view: FolderView) => void;
  testId?: string;
}

export function FolderPicker({ stats, view, onView, testId = "folder-picker" }: FolderPickerProps) {
  const t = useTranslations("folders");
  const id = useId();
  const withCount = (label: string, count: number | undefined) => (count === undefined ? label : `${label} (${count})`);
  return (
    <div className={styles.picker}>
      <label htmlFor={id}>{t("picker.label")}</label>
      <select id={id} value={view} onChange={(e) => onView(e.target.value)} data-testid={testId}>
        <option value="all">{withCount(t("sidebar.all"), stats?.all)}</option>
        <option value={UNCATEGORIZED}>{withCount(t("sidebar.uncategorized"), stats?.uncategorized)}</option>
        {stats?.folders.map((f) => (
          <option key={f.id} value={f.id}>
            {withCount(f.name, f.count)}
          </option>
        ))}
      </select>
    </div>
  );
}
