"use client";
// /transcribe/ — the app home (signed-in only: app/transcribe/layout.tsx gates it).
// The screen loads lazily behind the centred loader (spec §2). A phone is sent to the
// mobile home (keeping ?task=) unless the user chose the desktop view there.
import { useEffect, useState } from "react";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { CentredLoader } from "@/components/shell/CentredLoader";
import { wantsMobileView } from "@/lib/client/view-preference";

const TranscribeHome = dynamic(() => import("@/components/tasks/TranscribeHome").then((m) => m.TranscribeHome), {
  ssr: false,
  loading: () => <CentredLoader />,
});

export default function TranscribePage() {
  const router = useRouter();
  const [view, setView] = useState<"deciding" | "desktop">("deciding");

  useEffect(() => {
    if (wantsMobileView()) router.replace(`/transcribe/mobile${window.location.search}`);
    else setView("desktop");
  }, [router]);

  return view === "desktop" ? <TranscribeHome /> : <CentredLoader />;
}
