"use client";
// Files shared into the app (Web Share Target, docs/devices.md "Share into the app"): the service worker kept
// them in IndexedDB; the home screen opens them here, once the user is signed in (the home is gated, so a
// signed-out user signs in first and the files are still waiting). Audio and video open the upload dialog,
// .txt and .docx the document import.
import { useEffect, useState } from "react";
import { forgetSharedFiles, SHARED_PARAM, sharedCountIn, sharedFiles, type SharedFile } from "@/lib/pwa/share-store";

export type SharedOpen = { kind: "media" | "document"; files: File[] };

const DOCUMENT = /\.(txt|docx)$/i;
const DOCUMENT_TYPES = new Set(["text/plain", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"]);

function isDocument(file: File): boolean {
  return DOCUMENT.test(file.name) || DOCUMENT_TYPES.has(file.type);
}

// Taken out of IndexedDB once per page load, and kept here: the home may mount more than once while the
// sign-in state settles, and the files must reach whichever mount stays. So every mount opens them again until
// the user has dealt with them (the dialog closed, or a task made): then `sharedHandled()`.
let taken: Promise<SharedOpen | null> | null = null;
let handled = false;

/** The shared files were uploaded, imported or put aside by the user: no later mount opens them again. */
export function sharedHandled(): void {
  handled = true;
}

/**
 * Files this page may open: all of them when the service worker opened it for a share (?shared=N), else only
 * those shared before the page loaded (kept across a sign-in). A page already open when a share arrives must
 * leave the files to the page the share opens: it read them first, then was navigated away, and they were lost.
 */
function forThisPage(kept: SharedFile[], openedByShare: boolean): SharedFile[] {
  return openedByShare ? kept : kept.filter((k) => k.sharedAt < performance.timeOrigin);
}

/** This document was loaded by a share, or the home was reached from it (after a sign-in) with ?shared kept. */
function openedByShare(): boolean {
  const loadedAt = (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined)?.name;
  return [loadedAt, window.location.href].some((href) => href && sharedCountIn(href) > 0);
}

function takeSharedOnce(): Promise<SharedOpen | null> {
  // Read now: the home tidies ?shared out of the address once it has mounted.
  const byShare = openedByShare();
  taken ??= sharedFiles()
    .then(async (all) => {
      const kept = forThisPage(all, byShare);
      if (kept.length === 0) return null;
      await forgetSharedFiles(kept.map((k) => k.id));
      const files = kept.map((k) => new File([k.blob], k.name, { type: k.type }));
      const documents = files.filter(isDocument);
      return documents.length === files.length ? { kind: "document" as const, files } : { kind: "media" as const, files: files.filter((f) => !isDocument(f)) };
    })
    .catch(() => null);
  return taken;
}

/** The shared files to open now (taken out of IndexedDB), or null. */
export function useSharedFiles(): SharedOpen | null {
  const [shared, setShared] = useState<SharedOpen | null>(null);
  useEffect(() => {
    if (typeof indexedDB === "undefined") return;
    let live = true;
    void takeSharedOnce().then((open) => {
      if (live && open && !handled) setShared(open);
    });
    return () => {
      live = false;
    };
  }, []);
  return shared;
}

/**
 * What a home screen does with files shared into the app and with the installed app's "Upload" shortcut
 * (?action=upload): opens the upload dialog (answering the files it should start with) or the document import.
 */
export function useSharedIntoHome(openUpload: () => void, openDocuments: (files: File[]) => void): File[] | undefined {
  const shared = useSharedFiles();
  const [media, setMedia] = useState<File[] | undefined>(undefined);
  useEffect(() => {
    if (!shared || handled) return;
    if (shared.kind === "document") openDocuments(shared.files);
    else {
      setMedia(shared.files);
      openUpload();
    }
    // Once per mount: the hooks' functions may change identity while the home loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shared]);
  useEffect(() => {
    const url = new URL(window.location.href);
    if (url.searchParams.get("action") !== "upload" && !url.searchParams.has(SHARED_PARAM)) return;
    const action = url.searchParams.get("action");
    url.searchParams.delete("action");
    url.searchParams.delete(SHARED_PARAM);
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
    if (action === "upload") openUpload();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return media;
}
