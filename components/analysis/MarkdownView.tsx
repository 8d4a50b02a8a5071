"use client";
// Renders markdown from a summary or an AI answer. Raw HTML in the text is
// shown as text (html: false), links open in a new tab, and "[mm:ss]" times
// become buttons that seek the player when a handler is given.
import { useMemo, type MouseEvent } from "react";
import MarkdownIt from "markdown-it";
import styles from "./analysis.module.css";

const md = new MarkdownIt({ html: false, linkify: true, breaks: false, typographer: false });

const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  tokens[idx]!.attrSet("target", "_blank");
  tokens[idx]!.attrSet("rel", "noopener noreferrer");
  return defaultLinkOpen(tokens, idx, options, env, self);
};

const TIME = /\[(\d{1,2}:\d{2}(?::\d{2})?)\]/g;

/** Milliseconds of "mm:ss" or "h:mm:ss". */
export function parseClock(text: string): number {
  return text.split(":").reduce((acc, n) => acc * 60 + Number(n), 0) * 1000;
}

export function MarkdownView({ markdown, onSeek, className, testId }: { markdown: string; onSeek?: (ms: number) => void; className?: string; testId?: string }) {
  const html = useMemo(() => {
    const rendered = md.render(markdown);
    // Times are plain text in the rendered HTML (markdown-it escaped everything else), so this replace is safe.
    return onSeek ? rendered.replace(TIME, (_m, clock: string) => `<button type="button" class="${styles.time}" data-seek="${clock}">[${clock}]</button>`) : rendered;
  }, [markdown, onSeek]);

  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const target = (e.target as HTMLElement).closest<HTMLElement>("[data-seek]");
    if (target && onSeek) onSeek(parseClock(target.dataset.seek!));
  };

  return <div className={`${styles.markdown} ${className ?? ""}`} onClick={onClick} data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}
