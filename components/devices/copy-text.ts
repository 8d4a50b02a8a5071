"use client";

/**
 * Copies `text`: the Clipboard API where allowed, else the old select-and-copy
 * (messaging apps' browsers often lack the API). False when both fail.
 */
export async function copyText(text: string, fallbackInput?: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* try the fallback */
  }
  if (!fallbackInput) return false;
  try {
    fallbackInput.focus();
    fallbackInput.select();
    fallbackInput.setSelectionRange(0, text.length);
    return document.execCommand("copy");
  } catch {
    return false;
  }
}
