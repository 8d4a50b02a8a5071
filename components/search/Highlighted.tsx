"use client";
import type { Snippet } from "@/lib/search/search.client";

/** Snippet text with its marked ranges in <mark>: React escapes every piece, no HTML is ever injected. */
export function Highlighted({ snippet }: { snippet: Snippet }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  snippet.marks.forEach(([start, end], i) => {
    if (start < at || end > snippet.text.length) return; // overlapping or out of range: leave as text
    if (start > at) parts.push(snippet.text.slice(at, start));
    parts.push(<mark key={i}>{snippet.text.slice(start, end)}</mark>);
    at = end;
  });
  if (at < snippet.text.length) parts.push(snippet.text.slice(at));
  return <>{parts}</>;
}
