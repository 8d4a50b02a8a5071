"use client";
// A plain modal: overlay, Escape and backdrop close, focus moved in and
// returned on close, Tab kept inside. Rendered in place (no portal) so the
// screen's theme variables apply.
import { useEffect, useId, useRef, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import ui from "./ui.module.css";
import { IconClose } from "./icons";

export interface ModalProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  testId?: string;
  /** When false, Escape and the backdrop do nothing (e.g. during an upload). */
  dismissable?: boolean;
  role?: "dialog" | "alertdialog";
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Modal({ title, onClose, children, footer, wide, testId, dismissable = true, role = "dialog" }: ModalProps) {
  const t = useTranslations("app.common");
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const closeRef = useRef(onClose);
  const dismissRef = useRef(dismissable);
  useEffect(() => {
    closeRef.current = onClose;
    dismissRef.current = dismissable;
  });

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const node = ref.current;
    const first = node?.querySelector<HTMLElement>("[data-autofocus]") ?? node?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && dismissRef.current) {
        e.stopPropagation();
        closeRef.current();
      } else if (e.key === "Tab" && node) {
        const items = Array.from(node.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.offsetParent !== null);
        if (items.length === 0) return;
        const firstEl = items[0]!;
        const lastEl = items[items.length - 1]!;
        if (e.shiftKey && document.activeElement === firstEl) {
          e.preventDefault();
          lastEl.focus();
        } else if (!e.shiftKey && document.activeElement === lastEl) {
          e.preventDefault();
          firstEl.focus();
        }
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      previous?.focus?.();
    };
  }, []);

  return (
    <div
      className={ui.overlay}
      onMouseDown={(e) => {
        if (e.target === e.currentTarget && dismissRef.current) closeRef.current();
      }}
    >
      <div ref={ref} className={`${ui.modal} ${wide ? ui.modalWide : ""}`} role={role} aria-modal="true" aria-labelledby={titleId} data-testid={testId}>
        <div className={ui.modalHeader}>
          <h2 id={titleId} className={ui.modalTitle}>
            {title}
          </h2>
          <button type="button" className={ui.iconBtn} onClick={() => dismissRef.current && closeRef.current()} aria-label={t("close")} data-testid={testId ? `${testId}-close` : undefined} disabled={!dismissable}>
            <IconClose />
          </button>
        </div>
        <div className={ui.modalBody}>{children}</div>
        {footer ? <div className={ui.modalFooter}>{footer}</div> : null}
      </div>
    </div>
  );
}
