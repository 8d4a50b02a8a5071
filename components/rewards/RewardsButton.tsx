"use client";
// The rewards entry as an icon button (the phone's home bar): opens the rewards dialog.
import { useState } from "react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import ui from "@/components/ui/ui.module.css";

const RewardsDialog = dynamic(() => import("./RewardsDialog").then((m) => m.RewardsDialog), { ssr: false });

function IconGift({ size = 18 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M20 12v10H4V12M2 7h20v5H2zM12 22V7M12 7H7.5a2.5 2.5 0 0 1 0-5C11 2 12 7 12 7zM12 7h4.5a2.5 2.5 0 0 0 0-5C13 2 12 7 12 7z" />
    </svg>
  );
}

export function RewardsButton({ onUsageChange = () => {} }: { onUsageChange?: () => void }) {
  const t = useTranslations("rewards");
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={ui.iconBtn} onClick={() => setOpen(true)} aria-label={t("open")} title={t("open")} data-testid="rewards-open">
        <IconGift />
      </button>
      {open ? <RewardsDialog onClose={() => setOpen(false)} onUsageChange={onUsageChange} /> : null}
    </>
  );
}
