"use client";
// An on/off switch drawn over a real checkbox, so the keyboard, forms and
// screen readers treat it as one. With a label (and description) the text
// sits beside it and clicking the text toggles it too; without one, give an
// ariaLabel.
import type { ReactNode } from "react";
import ui from "./ui.module.css";

export interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Visible text beside the switch. */
  label?: ReactNode;
  /** A smaller line under the label. */
  description?: ReactNode;
  /** The accessible name when there is no visible label. */
  ariaLabel?: string;
  disabled?: boolean;
  testId?: string;
  /** Announced as a switch (the default) or as a plain checkbox. */
  role?: "switch" | "checkbox";
}

export function Switch({ checked, onChange, label, description, ariaLabel, disabled, testId, role = "switch" }: SwitchProps) {
  const control = (
    <>
      <input
        type="checkbox"
        role={role === "switch" ? "switch" : undefined}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        disabled={disabled}
        aria-label={ariaLabel}
        data-testid={testId}
      />
      <span className={ui.switchTrack} aria-hidden="true" />
    </>
  );

  if (label === undefined && description === undefined) {
    return <label className={`${ui.switch} ${ui.switchBare}`}>{control}</label>;
  }
  return (
    <label className={ui.switchRow}>
      <span className={ui.switch}>{control}</span>
      <span>
        {label !== undefined ? <span className={ui.switchLabel}>{label}</span> : null}
        {description !== undefined ? <span className={ui.switchHint}>{description}</span> : null}
      </span>
    </label>
  );
}
