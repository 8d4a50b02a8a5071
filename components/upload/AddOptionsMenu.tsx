"use client";
// The add-options menu: record live, upload audio, import link, upload video,
// import document or text, and join a meeting.
import { useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { IconAudio, IconDoc, IconLink, IconPlus, IconUsers, IconVideo } from "@/components/ui/icons";
import ui from "@/components/ui/ui.module.css";
import { IconMic } from "@/components/live/IconMic";
import type { UploadMode } from "@/lib/tasks/upload-rules";
import styles from "./upload.module.css";

/** What the import options open. Missing handlers hide their option. */
export interface ImportMenuHandlers {
  /** "Record": live recording (components/live). */
  onRecord?: () => void;
  onImportLink?: () => void;
  onImportDocument?: () => void;
  onJoinMeeting?: () => void;
}

const MENU_WIDTH = 300;
/** Space kept between the menu and the viewport's edges. */
const MENU_MARGIN = 8;

interface Option {
  id: string;
  icon: ReactNode;
  label: string;
  hint: string;
  onSelect?: () => void;
}

export interface AddOptionsMenuProps extends ImportMenuHandlers {
  onUpload: (mode: UploadMode) => void;
  compact?: boolean;
}

export function AddOptionsMenu({ onUpload, compact, onRecord, onImportLink, onImportDocument, onJoinMeeting }: AddOptionsMenuProps) {
  const t = useTranslations("upload.menu");
  const tLive = useTranslations("live.menu");
  const [open, setOpen] = useState(false);
  const [placement, setPlacement] = useState<CSSProperties>({});
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const options: Option[] = [
    { id: "record", icon: <IconMic />, label: tLive("record"), hint: tLive("recordHint"), onSelect: onRecord },
    { id: "audio", icon: <IconAudio />, label: t("uploadAudio"), hint: t("uploadAudioHint"), onSelect: () => onUpload("audio") },
    { id: "link", icon: <IconLink />, label: t("importLink"), hint: t("importLinkHint"), onSelect: onImportLink },
    { id: "video", icon: <IconVideo />, label: t("uploadVideo"), hint: t("uploadVideoHint"), onSelect: () => onUpload("video") },
    { id: "document", icon: <IconDoc />, label: t("importDocument"), hint: t("importDocumentHint"), onSelect: onImportDocument },
    { id: "meeting", icon: <IconUsers />, label: t("joinMeeting"), hint: t("joinMeetingHint"), onSelect: onJoinMeeting },
  ];
  const available = options.filter((o): o is Option & { onSelect: () => void } => Boolean(o.onSelect));

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        root.current?.querySelector<HTMLButtonElement>("[data-menu-trigger]")?.focus();
      }
    };
    document.addEventListener("mousedown", onDown);
    document.addEventListener("keydown", onKey);
    root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => {
      document.removeEventListener("mousedown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  // The menu opens below its button but never past the viewport's edges: on a phone the
  // button sits at the right, so the menu shifts left (and narrows on very small screens).
  useLayoutEffect(() => {
    if (!open || !root.current) return;
    const place = () => {
      const anchor = root.current!.getBoundingClientRect();
      const viewport = document.documentElement.clientWidth;
      const width = Math.min(MENU_WIDTH, viewport - 2 * MENU_MARGIN);
      const left = Math.max(MENU_MARGIN - anchor.left, Math.min(0, viewport - MENU_MARGIN - width - anchor.left));
      setPlacement({ left, width });
    };
    place();
    window.addEventListener("resize", place);
    return () => window.removeEventListener("resize", place);
  }, [open]);

  const onMenuKey = (e: React.KeyboardEvent) => {
    if (e.key !== "ArrowDown" && e.key !== "ArrowUp" && e.key !== "Home" && e.key !== "End") return;
    e.preventDefault();
    const items = Array.from(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const i = items.indexOf(document.activeElement as HTMLElement);
    const next = e.key === "Home" ? 0 : e.key === "End" ? items.length - 1 : (i + (e.key === "ArrowDown" ? 1 : -1) + items.length) % items.length;
    items[next]?.focus();
  };

  return (
    <div ref={root} className={styles.menuRoot}>
      <button
        type="button"
        className={`${ui.btn} ${ui.primary}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((v) => !v)}
        data-menu-trigger
        data-testid="add-options-button"
      >
        <IconPlus />
        <span className={compact ? ui.srOnly : undefined}>{t("trigger")}</span>
      </button>
      {open ? (
        <div id={menuId} role="menu" className={styles.menu} style={placement} onKeyDown={onMenuKey} data-testid="add-options-menu" aria-label={t("trigger")}>
          {available.map((o) => (
            <button
              key={o.id}
              type="button"
              role="menuitem"
              className={styles.menuItem}
              onClick={() => {
                setOpen(false);
                o.onSelect();
              }}
              data-testid={`add-option-${o.id}`}
            >
              <span className={styles.menuIcon}>{o.icon}</span>
              <span className={styles.menuText}>
                <span className={styles.menuLabel}>{o.label}</span>
                <span className={styles.menuHint}>{o.hint}</span>
              </span>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
