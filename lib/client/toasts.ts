"use client";

import { useSyncExternalStore } from "react";

// Toast notifications: at most 3 on screen at once (business limits); a newer toast
// pushes the oldest one out. Callable from anywhere (no hook needed to show one).
export const MAX_TOASTS = 3;

export type ToastType = "success" | "error" | "info";

export interface Toast {
  id: number;
  type: ToastType;
  message: string;
  /** Milliseconds on screen; 0 keeps it until dismissed. */
  duration: number;
}

export interface ToastOptions {
  duration?: number;
}

const DEFAULT_DURATION: Record<ToastType, number> = { success: 3500, info: 4000, error: 6000 };

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit() {
  listeners.forEach((l) => l());
}

function dismiss(id?: number): void {
  const ids = id === undefined ? toasts.map((t) => t.id) : [id];
  for (const i of ids) {
    const timer = timers.get(i);
    if (timer) clearTimeout(timer);
    timers.delete(i);
  }
  const next = toasts.filter((t) => !ids.includes(t.id));
  if (next.length !== toasts.length) {
    toasts = next;
    emit();
  }
}

function show(type: ToastType, message: string, opts: ToastOptions = {}): number {
  // The same message already showing: restart it instead of stacking duplicates.
  const same = toasts.find((t) => t.type === type && t.message === message);
  if (same) dismiss(same.id);
  const toast: Toast = { id: nextId++, type, message, duration: opts.duration ?? DEFAULT_DURATION[type] };
  const all = [...toasts, toast];
  for (const dropped of all.slice(0, Math.max(0, all.length - MAX_TOASTS))) {
    const timer = timers.get(dropped.id);
    if (timer) clearTimeout(timer);
    timers.delete(dropped.id);
  }
  toasts = all.slice(-MAX_TOASTS);
  if (toast.duration > 0 && typeof window !== "undefined") timers.set(toast.id, setTimeout(() => dismiss(toast.id), toast.duration));
  emit();
  return toast.id;
}

export const toast = {
  success: (message: string, opts?: ToastOptions) => show("success", message, opts),
  error: (message: string, opts?: ToastOptions) => show("error", message, opts),
  info: (message: string, opts?: ToastOptions) => show("info", message, opts),
  dismiss,
};

const empty: readonly Toast[] = [];

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toasts on screen (newest last). */
export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribe, () => toasts, () => empty);
}
