"use client";
// /transcribe/ — the app home (signed-in only: app/transcribe/layout.tsx gates it).
// The screen loads lazily behind the centred loader (spec §2).
import dynamic from "next/dynamic";
import { CentredLoader } from "@/components/shell/CentredLoader";

const TranscribeHome = dynamic(() => import("@/components/tasks/TranscribeHome").then((m) => m.TranscribeHome), {
  ssr: false,
  loading: () => <CentredLoader />,
});

export default function TranscribePage() {
  return <TranscribeHome />;
}
