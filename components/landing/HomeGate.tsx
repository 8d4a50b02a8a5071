"use client";
// /transcribe/ for everyone (issue 25): the app for a signed-in user, the landing page for a visitor.
// The server cannot see the sign-in (the token lives in local storage), so it renders the landing
// page; a tiny inline script (app/transcribe/page.tsx) marks the page before it paints when a token
// is stored, and CSS then shows the loader instead: no flash of the landing page for users, and no
// spinner for visitors. A phone is sent to the mobile home (keeping ?task=) unless the user chose
// the desktop view there.
import { useEffect, useState, type ReactNode } from "react";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { CentredLoader } from "@/components/shell/CentredLoader";
import { rememberReturnUrl, useAuth } from "@/lib/client/auth";
import { LOGIN_PATH } from "@/lib/client/routes";
import { sharedCountIn } from "@/lib/pwa/share-store";
import { takeDesktopViewChoice, wantsMobileView } from "@/lib/client/view-preference";
import styles from "./landing.module.css";

const TranscribeHome = dynamic(() => import("@/components/tasks/TranscribeHome").then((m) => m.TranscribeHome), {
  ssr: false,
  loading: () => <CentredLoader />,
});

function SignedInHome() {
  const router = useRouter();
  const [view, setView] = useState<"deciding" | "desktop">("deciding");
  useEffect(() => {
    const withoutChoice = takeDesktopViewChoice(window.location.href);
    if (withoutChoice) window.history.replaceState(window.history.state, "", withoutChoice);
    if (wantsMobileView()) router.replace(`/transcribe/mobile${window.location.search}`);
    else setView("desktop");
  }, [router]);
  return view === "desktop" ? <TranscribeHome /> : <CentredLoader />;
}

export function HomeGate({ landing }: { landing: ReactNode }) {
  const { status } = useAuth();
  const router = useRouter();
  useEffect(() => {
    // A visitor who shared a file into the app signs in first; the home then opens it (docs/devices.md).
    if (status !== "unauthenticated" || !sharedCountIn(window.location.href)) return;
    rememberReturnUrl();
    router.replace(LOGIN_PATH);
  }, [status, router]);
  if (status === "authenticated") return <SignedInHome />;
  if (status === "unauthenticated") return <>{landing}</>;
  // Server render and hydration: both, the inline script's mark picks one.
  return (
    <>
      <div className={styles.visitorOnly}>{landing}</div>
      <div className={styles.userOnly}>
        <CentredLoader />
      </div>
    </>
  );
}
