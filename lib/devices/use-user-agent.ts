"use client";
// The browser's user agent and touch points, read after mounting (the server
// render has none, so the first client render matches it: no hydration mismatch).
import { useSyncExternalStore } from "react";

export interface DeviceInfo {
  userAgent: string;
  maxTouchPoints: number;
}

let cached: DeviceInfo | null = null;

function snapshot(): DeviceInfo {
  cached ??= { userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints ?? 0 };
  return cached;
}

const noSubscription = () => () => {};

/** null during the server render and hydration, then this browser's device info. */
export function useDeviceInfo(): DeviceInfo | null {
  return useSyncExternalStore(noSubscription, snapshot, () => null);
}
