"use client";

import { useSyncExternalStore } from "react";

// The version-update overlay (screens and routes, error catalogue): shown when a route answers a bare
// HTTP 404 or the network fails, i.e. a new version was probably deployed.
let visible = false;
const listeners = new Set<() => void>();

export function showUpdateOverlay(): void {
  if (visible) return;
  visible = true;
  listeners.forEach((l) => l());
}

export function isUpdateOverlayVisible(): boolean {
  return visible;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUpdateOverlayVisible(): boolean {
  return useSyncExternalStore(subscribe, () => visible, () => false);
}
