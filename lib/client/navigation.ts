"use client";

// Soft navigation for code outside React components (API client, logout):
// the shell registers the App Router's push; until then a full page load is used.
let navigator: ((href: string, opts?: { replace?: boolean }) => void) | null = null;

export function setNavigator(fn: ((href: string, opts?: { replace?: boolean }) => void) | null): void {
  navigator = fn;
}

export function navigateTo(href: string, opts: { replace?: boolean } = {}): void {
  if (navigator) return navigator(href, opts);
  if (typeof window === "undefined") return;
  if (opts.replace) window.location.replace(href);
  else window.location.assign(href);
}
