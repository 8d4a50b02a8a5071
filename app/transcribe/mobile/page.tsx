"use client";
// /transcribe/mobile — the mobile home (screens and routes): task picker, player on top,
// tabs text, summary, mindmap, speakers list, timeline. Loads lazily.
import dynamic from "next/dynamic";
import { CentredLoader } from "@/components/shell/CentredLoader";

const MobileHome = dynamic(() => import("./MobileHome").then((m) => m.MobileHome), {
  ssr: false,
  loading: () => <CentredLoader />,
});

export default function MobilePage() {
  return <MobileHome />;
}
