"use client";
// Top bar of the app: brand, add-options menu, Upgrade (free plan), usage, language, the account button and logout.
import { useState } from "react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { AccountDialogs } from "@/components/account/AccountDialogs";
import { UserButton } from "@/components/account/UserButton";
import { Brand } from "@/components/shell/Brand";
import { LanguageSwitcher } from "@/components/shell/LanguageSwitcher";
import { AddOptionsMenu, type ImportMenuHandlers } from "@/components/upload/AddOptionsMenu";
import { SearchBox } from "@/components/search/SearchBox";
import { UpgradeLink } from "@/components/billing/UpgradeLink";
import { useAuth } from "@/lib/client/auth";
import type { Usage } from "@/lib/tasks/task.client";
import type { UploadMode } from "@/lib/tasks/upload-rules";
import { IconLogout } from "@/components/ui/icons";
import { UsageIndicator } from "./UsageIndicator";
import ui from "@/components/ui/ui.module.css";
import styles from "./header.module.css";

const HotwordManager = dynamic(() => import("@/components/hotwords/HotwordManager").then((m) => m.HotwordManager), { ssr: false });
const AnalysisStyleDialog = dynamic(() => import("@/components/analysis/AnalysisStyleDialog").then((m) => m.AnalysisStyleDialog), { ssr: false });
const McpKeysDialog = dynamic(() => import("@/components/mcp/McpKeysDialog").then((m) => m.McpKeysDialog), { ssr: false });
const RewardsDialog = dynamic(() => import("@/components/rewards/RewardsDialog").then((m) => m.RewardsDialog), { ssr: false });

export function HomeHeader({
  usage,
  onUpload,
  importHandlers,
  onUsageChange,
}: {
  usage: Usage | null;
  onUpload: (mode: UploadMode) => void;
  importHandlers: ImportMenuHandlers;
  onUsageChange: () => void;
}) {
  const t = useTranslations("app.header");
  const tRewards = useTranslations("rewards");
  const tMcp = useTranslations("mcp");
  const { logout } = useAuth();
  const [leaving, setLeaving] = useState(false);
  const [dialog, setDialog] = useState<"hotwords" | "style" | "rewards" | "mcp" | null>(null);

  return (
    <header className={styles.header} data-testid="app-header">
      <Brand className={styles.brand} />
      <AddOptionsMenu onUpload={onUpload} {...importHandlers} />
      <SearchBox />
      <span className={styles.headerSpacer} />
      <button type="button" className={`${ui.btn} ${ui.small} ${ui.ghost}`} onClick={() => setDialog("hotwords")} data-testid="hotwords-open">
        {t("hotwords")}
      </button>
      <button type="button" className={`${ui.btn} ${ui.small} ${ui.ghost} ${styles.hideNarrow}`} onClick={() => setDialog("style")} data-testid="style-open">
        {t("summaryStyle")}
      </button>
      <button type="button" className={`${ui.btn} ${ui.small} ${ui.ghost}`} onClick={() => setDialog("rewards")} data-testid="rewards-open">
        {tRewards("open")}
      </button>
      <button type="button" className={`${ui.btn} ${ui.small} ${ui.ghost} ${styles.hideNarrow}`} onClick={() => setDialog("mcp")} data-testid="mcp-open">
        {tMcp("open")}
      </button>
      <UpgradeLink />
      <UsageIndicator usage={usage} />
      <LanguageSwitcher className={styles.lang} compact />
      <UserButton nameClassName={styles.hideNarrow} />
      <button
        type="button"
        className={`${ui.btn} ${ui.small} ${ui.ghost}`}
        onClick={async () => {
          setLeaving(true);
          await logout();
          setLeaving(false);
        }}
        disabled={leaving}
        data-testid="logout-button"
        title={t("logout")}
        aria-label={t("logout")}
      >
        <IconLogout size={14} />
        <span className={styles.hideLaptop}>{t("logout")}</span>
      </button>
      {dialog === "hotwords" ? <HotwordManager onClose={() => setDialog(null)} /> : null}
      {dialog === "style" ? <AnalysisStyleDialog onClose={() => setDialog(null)} /> : null}
      {dialog === "mcp" ? <McpKeysDialog onClose={() => setDialog(null)} /> : null}
      <AccountDialogs usage={usage} />
      {dialog === "rewards" ? <RewardsDialog onClose={() => setDialog(null)} onUsageChange={onUsageChange} /> : null}
    </header>
  );
}
