"use client";
// The owner's share link of one task: load it, create it, switch it and its indexing opt-in.
import { useCallback, useEffect, useState } from "react";
import { isApiError } from "@/lib/client/api";
import { shareApi, type ShareState } from "@/lib/sharing/sharing.client";
import type { ShareToggle } from "@/lib/sharing/sharing.schema";

export interface ShareLink {
  share: ShareState | null;
  loading: boolean;
  busy: boolean;
  error: string | null;
  /** False once the server said only the owner may share (a collaborator). */
  isOwner: boolean;
  create: () => Promise<void>;
  toggle: (change: ShareToggle) => Promise<ShareState | null>;
}

const message = (e: unknown, fallback: string) => (e instanceof Error && e.message ? e.message : fallback);

export function useShareLink(taskId: string, fallbacks: { load: string; create: string; toggle: string }): ShareLink {
  const [share, setShare] = useState<ShareState | null>(null);
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isOwner, setIsOwner] = useState(true);

  const note = useCallback((e: unknown, fallback: string) => {
    if (isApiError(e) && e.key === "share.permissionDenied") setIsOwner(false);
    setError(message(e, fallback));
  }, []);

  useEffect(() => {
    let live = true;
    shareApi
      .get(taskId)
      .then((s) => live && setShare(s))
      .catch((e: unknown) => live && note(e, fallbacks.load))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load once per task
  }, [taskId]);

  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      setShare(await shareApi.create(taskId));
    } catch (e) {
      note(e, fallbacks.create);
    } finally {
      setBusy(false);
    }
  };

  const toggle = async (change: ShareToggle) => {
    setBusy(true);
    setError(null);
    try {
      const next = await shareApi.toggle(taskId, change);
      setShare(next);
      return next;
    } catch (e) {
      note(e, fallbacks.toggle);
      return null;
    } finally {
      setBusy(false);
    }
  };

  return { share, loading, busy, error, isOwner, create, toggle };
}
