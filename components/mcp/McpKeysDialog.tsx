"use client";
// MCP keys (screens and routes account panel, entity fields MCP key): create one with a name, see the
// key once with the MCP URL (both copyable), list keys with "last used" or
// "never", delete with confirmation. Free users see the upgrade prompt (the
// server decides: 403 mcp.proRequired). The panel is also a section of the account panel.
import { useCallback, useEffect, useState } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { UpgradeProPanel } from "@/components/billing/UpgradePro";
import { Modal } from "@/components/ui/Modal";
import { errorMessage } from "@/lib/client/api-errors";
import ui from "@/components/ui/ui.module.css";
import { isApiError } from "@/lib/client/api";
import { mcpApi, type McpKey, type McpKeyCreated } from "@/lib/mcp/mcp.client";
import { toast } from "@/lib/client/toasts";
import { MCP_KEY_NAME_MAX } from "@/lib/mcp/mcp.schema";
import { NewKeyPanel } from "./NewKeyPanel";
import styles from "./mcp.module.css";

type State = "loading" | "ready" | "proRequired" | "error";
const isProRequired = (e: unknown) => isApiError(e) && e.key === "mcp.proRequired";

export function McpKeysDialog({ onClose }: { onClose: () => void }) {
  const t = useTranslations("mcp");
  const [confirming, setConfirming] = useState(false);
  return (
    <Modal title={t("title")} onClose={onClose} wide testId="mcp-keys-dialog" dismissable={!confirming}>
      <McpKeysPanel onClose={onClose} onConfirmingChange={setConfirming} />
    </Modal>
  );
}

/** The keys themselves; onClose (if any) leaves the upgrade prompt, onConfirmingChange tells the frame a confirmation is open. */
export function McpKeysPanel({ onClose, onConfirmingChange }: { onClose?: () => void; onConfirmingChange?: (open: boolean) => void }) {
  const t = useTranslations("mcp");
  const format = useFormatter();
  const [state, setState] = useState<State>("loading");
  const [items, setItems] = useState<McpKey[]>([]);
  const [limit, setLimit] = useState(0);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [name, setName] = useState("");
  // Every key reads; "write" also lets a program create, start and delete tasks and manage webhooks.
  const [canWrite, setCanWrite] = useState(false);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<McpKeyCreated | null>(null);
  const [deleting, setDeleting] = useState<McpKey | null>(null);
  useEffect(() => onConfirmingChange?.(deleting !== null), [deleting, onConfirmingChange]);

  const load = useCallback(async () => {
    setState("loading");
    try {
      const res = await mcpApi.list();
      setItems(res.items);
      setLimit(res.limit);
      setState("ready");
    } catch (e) {
      setLoadError(e);
      setState(isProRequired(e) ? "proRequired" : "error");
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const create = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      toast.error(t("nameRequired"));
      return;
    }
    setBusy(true);
    try {
      const res = await mcpApi.create(name, canWrite ? ["read", "write"] : ["read"]);
      setCreated(res);
      setItems((cur) => [res.item, ...cur]);
      setName("");
    } catch (err) {
      if (isProRequired(err)) setState("proRequired");
      toast.error(errorMessage(err, t("createFailed")));
    } finally {
      setBusy(false);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await mcpApi.remove(deleting.id);
      setItems((cur) => cur.filter((k) => k.id !== deleting.id));
      if (created?.item.id === deleting.id) setCreated(null);
      toast.success(t("deleted"));
    } catch (err) {
      toast.error(errorMessage(err, t("deleteFailed")));
      throw err; // keeps the confirmation open
    }
  };

  let body: React.ReactNode;
  if (state === "proRequired") {
    body = <UpgradeProPanel title={t("upgrade.title")} details={t("upgrade.body")} onClose={onClose} testId="mcp-pro-required" closeTestId="mcp-upgrade-close" />;
  } else if (state === "loading") {
    body = (
      <div className={styles.state} role="status">
        <span className={ui.spinner} aria-hidden="true" />
        {t("loading")}
      </div>
    );
  } else if (state === "error") {
    body = (
      <div className={styles.state} role="alert">
        <span>{errorMessage(loadError, t("loadFailed"))}</span>
        <button type="button" className={`${ui.btn} ${ui.small}`} onClick={() => void load()}>
          {t("retry")}
        </button>
      </div>
    );
  } else {
    const full = items.length >= limit;
    body = (
      <div className={styles.body}>
        <p className={styles.intro}>
          {t("intro")}{" "}
          <a href="/transcribe/developers" target="_blank" rel="noopener" data-testid="api-reference-link">
            {t("apiReference")}
          </a>
        </p>
        {created ? <NewKeyPanel created={created} onDone={() => setCreated(null)} /> : null}
        <form className={styles.row} onSubmit={(e) => void create(e)}>
          <input
            className={ui.field}
            value={name}
            maxLength={MCP_KEY_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
            placeholder={t("namePlaceholder")}
            aria-label={t("name")}
            disabled={full}
            data-testid="mcp-key-name"
          />
          <button type="submit" className={`${ui.btn} ${ui.primary}`} disabled={busy || full} data-testid="mcp-key-create">
            {t("create")}
          </button>
        </form>
        <label className={styles.meta}>
          <input type="checkbox" checked={canWrite} onChange={(e) => setCanWrite(e.target.checked)} disabled={full} data-testid="mcp-key-write" /> {t("scopeWrite")}
        </label>
        <p className={styles.count} data-testid="mcp-key-count" data-count={items.length}>
          {full ? t("limitReached", { limit }) : t("count", { count: items.length, limit })}
        </p>
        {items.length === 0 ? (
          <p className={styles.empty}>{t("empty")}</p>
        ) : (
          <ul className={styles.list} data-testid="mcp-key-list">
            {items.map((k) => (
              <li key={k.id} className={styles.item} data-testid="mcp-key-item" data-id={k.id}>
                <div className={styles.itemText}>
                  <strong>{k.name}</strong>
                  <code>{k.keyPrefix}…</code>
                  <span className={styles.meta} data-testid="mcp-key-scopes">
                    {t("scopes", { scopes: k.scopes.join(", ") })}
                  </span>
                  <span className={styles.meta} data-testid="mcp-key-last-used">
                    {t("createdAt", { date: format.dateTime(new Date(k.createdAt), { dateStyle: "medium" }) })} ·{" "}
                    {k.lastUsedAt ? t("lastUsed", { date: format.dateTime(new Date(k.lastUsedAt), { dateStyle: "medium", timeStyle: "short" }) }) : t("neverUsed")}
                  </span>
                </div>
                <button type="button" className={`${ui.btn} ${ui.small} ${ui.ghost}`} onClick={() => setDeleting(k)} data-testid="mcp-key-delete">
                  {t("delete")}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  }

  return (
    <>
      {body}
      {deleting ? (
        <ConfirmDialog
          title={t("deleteTitle")}
          message={t("deleteMessage", { name: deleting.name })}
          confirmLabel={t("delete")}
          danger
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </>
  );
}
