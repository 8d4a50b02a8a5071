"use client";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { isApiError } from "@/lib/client/api";
import { toast } from "@/lib/client/toasts";
import { toolTranscripts, type ToolTranscriptView } from "@/lib/tools/transcript/transcript.client";
import { useToolsLogin } from "../ToolsAccount";
import { QuotaDialogs } from "./QuotaDialogs";
import { TranscriptHistory } from "./TranscriptHistory";
import { TranscriptResult } from "./TranscriptResult";
import { useTranscriptTool } from "./useTranscriptTool";
import styles from "./transcript.module.css";

/** The failure code whose text is shown: the task's own when the catalogue has it, else the general one. */
function failureCode(has: (key: string) => boolean, code: string | null | undefined): string {
  return code && has(`${code}.message`) && has(`${code}.description`) ? code : "transcription_failed";
}

const TOOL_PATH = "/tools/online-youtube-video-transcript";
/** ?open=<id>: "Open in the app" asked before signing in; it continues once signed in. */
const OPEN_PARAM = "open";

/** The video-platform transcript tool: paste a link, wait (usually 1 to 3 minutes), read, copy, download, open in the app. */
export function TranscriptTool() {
  const t = useTranslations("tools.transcript");
  const tf = useTranslations("tasks.failure");
  const router = useRouter();
  const params = useSearchParams();
  const login = useToolsLogin();
  const tool = useTranscriptTool();
  const [url, setUrl] = useState("");
  const [opening, setOpening] = useState(false);
  const resumed = useRef(false);

  async function openInApp(target: ToolTranscriptView | { id: string }) {
    if (tool.status !== "authenticated") {
      toast.info(t("loginToOpen"));
      login(`${TOOL_PATH}?${OPEN_PARAM}=${encodeURIComponent(target.id)}`);
      return;
    }
    setOpening(true);
    try {
      const { taskId } = await toolTranscripts.openInApp(target.id);
      toast.success(t("opened"));
      router.push(`/transcribe/?task=${encodeURIComponent(taskId)}`);
    } catch (e) {
      toast.error(isApiError(e) ? e.message : t("openFailed"));
      setOpening(false);
    }
  }

  // Back from signing in with ?open=<id>: carry on where the visitor left off.
  const pendingOpen = params?.get(OPEN_PARAM);
  useEffect(() => {
    if (!pendingOpen || resumed.current || tool.status !== "authenticated") return;
    resumed.current = true;
    void openInApp({ id: pendingOpen });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when signed in
  }, [pendingOpen, tool.status]);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!url.trim()) {
      toast.error(t("enterLink"));
      return;
    }
    void tool.start(url.trim());
  }

  const current = tool.current;
  const working = current && (current.status === "queued" || current.status === "processing");
  return (
    <div className={styles.page}>
      <section className={styles.hero}>
        <h1>{t("heading")}</h1>
        <p>{t("intro")}</p>
      </section>
      <form className={`card ${styles.form}`} onSubmit={submit} data-testid="transcript-form">
        <label className="visually-hidden" htmlFor="transcript-url">
          {t("linkLabel")}
        </label>
        <input id="transcript-url" className="input" type="url" inputMode="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder={t("placeholder")} autoComplete="off" data-testid="transcript-url" />
        <button type="submit" className="btn btn-primary" disabled={tool.busy || Boolean(working)} data-testid="transcript-submit">
          {tool.busy ? t("starting") : t("submit")}
        </button>
        <QuotaLine quota={tool.quota} />
      </form>
      {tool.error && (
        <p className="alert alert-error" role="alert" data-testid="transcript-error">
          {tool.error}
        </p>
      )}
      {working && (
        <section className={`card ${styles.progress}`} data-testid="transcript-progress">
          <p className={styles.progressText}>
            {t(`stage.${current.progress?.stage ?? "queued"}`)} · {t("estimate")}
          </p>
          <div className={styles.bar} role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(current.progress?.percent ?? 0)}>
            <span style={{ width: `${Math.max(4, current.progress?.percent ?? 0)}%` }} />
          </div>
        </section>
      )}
      {current?.status === "failed" && (
        <p className="alert alert-error" role="alert" data-testid="transcript-failed">
          {/* Each failure code is a {message, description} pair: never the code's key itself. */}
          {tf(`${failureCode(tf.has, current.errorCode)}.message`)}{" "}
          {tf(`${failureCode(tf.has, current.errorCode)}.description`)}
        </p>
      )}
      {current?.status === "completed" && <TranscriptResult transcript={current} opening={opening} onOpenInApp={() => void openInApp(current)} />}
      <TranscriptHistory items={tool.history} currentId={current?.id ?? null} onPick={(id) => void tool.show(id)} />
      <QuotaDialogs dialog={tool.dialog} onClose={() => tool.setDialog(null)} onLogin={() => login(TOOL_PATH)} />
    </div>
  );
}

function QuotaLine({ quota }: { quota: ReturnType<typeof useTranscriptTool>["quota"] }) {
  const t = useTranslations("tools.transcript.quota");
  if (!quota) return null;
  let text: string;
  if (quota.unlimited) text = t("unlimited");
  else if (!quota.signedIn) text = quota.remaining ? t("anonymousFree") : t("anonymousUsed");
  else text = t("remaining", { remaining: quota.remaining ?? 0, limit: quota.limit ?? 0 });
  return (
    <p className={styles.quota} data-testid="transcript-quota">
      {text}
    </p>
  );
}
