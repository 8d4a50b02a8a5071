"use client";
// The phone's layout of the app home: a simple task list to choose from; the chosen task opens in the
// phone's task view (MobileTaskView). The state is useHomeState's, shared with the desktop's TranscribeHome.
import { useEffect } from "react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Brand } from "@/components/shell/Brand";
import { LanguageSwitcher } from "@/components/shell/LanguageSwitcher";
import { FolderPicker } from "@/components/folders/FolderPicker";
import { SharedEmpty, SharedViewEntry } from "@/components/collab/SharedViewEntry";
import { RecentlyDeletedEntry } from "@/components/tasks/RecentlyDeleted";
import { SearchBox } from "@/components/search/SearchBox";
import { RewardsButton } from "@/components/rewards/RewardsButton";
import { AccountDialogs } from "@/components/account/AccountDialogs";
import { UserButton } from "@/components/account/UserButton";
import { NotificationPrompt } from "@/components/notify/NotificationPrompt";
import { UpgradeLink } from "@/components/billing/UpgradeLink";
import payments from "@/components/billing/payments.module.css";
import { HomeRenewalReminder } from "@/components/billing/RenewalReminder";
import { AddOptionsMenu } from "@/components/upload/AddOptionsMenu";
import { LiveRecordButton } from "@/components/live/LiveRecordButton";
import { IconLogout } from "@/components/ui/icons";
import { useHomeState } from "@/components/tasks/useHomeState";
import { useAuth } from "@/lib/client/auth";
import { chooseDesktopView, chooseMobileView, DESKTOP_VIEW_PARAM } from "@/lib/client/view-preference";
import theme from "@/components/ui/theme.module.css";
import ui from "@/components/ui/ui.module.css";
import { MobileTaskList } from "./MobileTaskList";
import { MobileTaskView } from "./MobileTaskView";
import styles from "./mobile-home.module.css";

export function MobileHome() {
  const t = useTranslations("app");
  const home = useHomeState({ scrollOnSelect: true });
  const { list, selectedId, folders } = home;
  const { logout } = useAuth();

  // Coming here (from the desktop's link or by address) undoes an earlier choice of the desktop view.
  useEffect(() => {
    chooseMobileView();
  }, []);

  return (
    <div className={`${theme.theme} ${styles.root}`} data-testid="mobile-home">
      {selectedId ? (
        <MobileTaskView
          key={selectedId}
          taskId={selectedId}
          summary={home.summary}
          onBack={() => home.select(null)}
          onSummaryChange={list.patch}
          onMove={folders.openMove}
          onDeleted={(id) => home.afterDelete([id])}
          movedTick={home.movedTick}
        />
      ) : (
        <>
          <header className={`${styles.bar} ${payments.upgradeBar}`}>
            <Brand className={styles.brand} />
            <span className={styles.spacer} />
            <UpgradeLink />
            <LanguageSwitcher className={styles.lang} compact />
            <RewardsButton onUsageChange={home.refreshUsage} />
            <UserButton nameClassName="visually-hidden" />
            <button type="button" className={ui.iconBtn} onClick={() => void logout()} aria-label={t("header.logout")} title={t("header.logout")} data-testid="logout-button">
              <IconLogout size={18} />
            </button>
            <AddOptionsMenu compact onUpload={home.openUpload} {...home.importHandlers} />
          </header>
          <NotificationPrompt hasTasks={(list.data?.total ?? 0) > 0} />
          <HomeRenewalReminder />
          {home.importHandlers.onRecord ? <LiveRecordButton onClick={home.importHandlers.onRecord} /> : null}
          <SearchBox row />
          <FolderPicker stats={folders.stats} view={folders.view} onView={folders.setView} />
          <div className={styles.pad}>
            <SharedViewEntry active={home.sharedView} onClick={home.toggleShared} />
            <RecentlyDeletedEntry onClick={home.openDeleted} />
          </div>
          {home.sharedView && list.data?.total === 0 ? (
            <SharedEmpty />
          ) : (
            <MobileTaskList data={list.data?.items ?? null} loading={list.loading} total={list.data?.total ?? 0} pageSize={list.data?.page_size ?? 10} page={home.page} onPage={home.changePage} onSelect={home.select} />
          )}
          <p className={styles.footerLink}>
            <Link href={`/transcribe/?${DESKTOP_VIEW_PARAM}=desktop`} onClick={chooseDesktopView} data-testid="mobile-desktop-link">
              {t("mobile.desktopView")}
            </Link>
          </p>
        </>
      )}
      {home.dialogs}
      <AccountDialogs usage={home.usage} />
    </div>
  );
}
