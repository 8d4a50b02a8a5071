"use client";
// The key just created, shown this once, with the MCP URL: both copyable.
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import ui from "@/components/ui/ui.module.css";
import type { McpKeyCreated } from "@/lib/mcp/mcp.client";
import { toast } from "@/lib/client/toasts";
import { MCP_PATH } from "@/lib/mcp/mcp.schema";
import styles from "./mcp.module.css";

export function NewKeyPanel({ created, onDone }: { created: McpKeyCreated; onDone: () => void }) {
  const t = useTranslations("mcp");
  const [origin, setOrigin] = useState("");
  useEffect(() => setOrigin(window.location.origin), []);
  const url = `${origin}${MCP_PATH}`;

  const copy = async (text: string, field: HTMLInputElement | null) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t("copied"));
    } catch {
      field?.select(); // the user can still copy by hand
      toast.error(t("copyFailed"));
    }
  };

  return (
    <section className={styles.created} data-testid="mcp-new-key" aria-live="polite">
      <h3 className={styles.heading}>{t("createdTitle", { name: created.item.name })}</h3>
      <p className={styles.warning}>{t("shownOnce")}</p>
      <CopyRow label={t("key")} value={created.key} testId="mcp-new-key-value" copyLabel={t("copyKey")} onCopy={copy} />
      <CopyRow label={t("url")} value={url} testId="mcp-url" copyLabel={t("copyUrl")} onCopy={copy} />
      <button type="button" className={`${ui.btn} ${ui.small}`} onClick={onDone} data-testid="mcp-new-key-done">
        {t("done")}
      </button>
    </section>
  );
}

function CopyRow(props: { label: string; value: string; testId: string; copyLabel: string; onCopy: (text: string, field: HTMLInputElement | null) => Promise<void> }) {
  const field = useRef<HTMLInputElement>(null);
  return (
    <label className={styles.copyRow}>
      <span className={styles.meta}>{props.label}</span>
      <span className={styles.row}>
        <input ref={field} className={ui.field} value={props.value} readOnly onFocus={(e) => e.target.select()} data-testid={props.testId} />
        <button type="button" className={`${ui.btn} ${ui.small}`} onClick={() => void props.onCopy(props.value, field.current)} data-testid={`${props.testId}-copy`}>
          {props.copyLabel}
        </button>
      </span>
    </label>
  );
}
