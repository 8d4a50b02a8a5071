"use client";
// Co-editing (states and transitions): entering fetches the latest content (the documents sync from the
// server, seeded from the task), then everyone edits live with "saving…"/"saved", carets
// with names and colours, and Exit writes the merged result back to the task.
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { HocuspocusProvider, HocuspocusProviderWebsocket } from "@hocuspocus/provider";
import { EditorContent, useEditor, type Editor } from "@tiptap/react";
import Collaboration from "@tiptap/extension-collaboration";
import CollaborationCaret from "@tiptap/extension-collaboration-caret";
import { getStoredUser, getToken } from "@/lib/client/auth";
import { caretColour, coeditApi, collabSocketUrl } from "@/lib/collab/coedit.client";
import type { Task } from "@/lib/tasks/task.client";
import { collabDocumentName, docToSummary, docToTranscript, type CollabPart } from "@/lib/collab/convert";
import { COLLAB_FIELD, summaryExtensions, transcriptExtensions } from "@/lib/collab/editor-schema";
import { errorMessage } from "@/lib/client/api-errors";
import { toast } from "@/lib/client/toasts";
import ui from "@/components/ui/ui.module.css";
import styles from "./coedit.module.css";

/** Entering gives up after this long without a synced document ("entering mode failed"). */
const ENTER_TIMEOUT_MS = 15_000;

interface CaretUser {
  name: string;
  color: string;
}

interface Session {
  socket: HocuspocusProviderWebsocket;
  providers: Partial<Record<CollabPart, HocuspocusProvider>>;
}

export interface CollaborativeEditorProps {
  task: Task;
  /** Called after Exit wrote the result back (the editor has said so in a toast). */
  onExit: () => void;
}

export function CollaborativeEditor({ task, onExit }: CollaborativeEditorProps) {
  const t = useTranslations("coedit.editor");
  const terr = useTranslations("errors");
  const parts = useMemo<CollabPart[]>(() => (task.summary !== null ? ["transcript", "summary"] : ["transcript"]), [task.summary]);
  const [session, setSession] = useState<Session | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [synced, setSynced] = useState(false);
  const [unsynced, setUnsynced] = useState(0);
  const [connected, setConnected] = useState(true);
  const [others, setOthers] = useState<CaretUser[]>([]);
  const [exiting, setExiting] = useState(false);
  const [exitError, setExitError] = useState<string | null>(null);
  const editors = useRef<Partial<Record<CollabPart, Editor>>>({});

  const me = useMemo<CaretUser>(() => {
    const user = getStoredUser();
    return { name: user?.username || user?.email || user?.phone || t("you"), color: caretColour(user?.id ?? "me") };
  }, [t]);

  useEffect(() => {
    const socket = new HocuspocusProviderWebsocket({ url: collabSocketUrl() });
    const providers: Session["providers"] = {};
    const counts = new Map<CollabPart, number>();
    const refresh = () => {
      const list = Object.values(providers);
      setSynced(list.every((p) => p.isSynced));
      setUnsynced([...counts.values()].reduce((a, b) => a + b, 0));
      // Everyone else on the transcript (or the only document), by their caret's name.
      const main = providers.transcript;
      const states = main ? [...main.awareness!.getStates().entries()] : [];
      setOthers(states.filter(([id, s]) => id !== main!.awareness!.clientID && s.user).map(([, s]) => s.user as CaretUser));
    };
    for (const part of parts) {
      const provider = new HocuspocusProvider({
        websocketProvider: socket,
        name: collabDocumentName(task.id, part),
        token: getToken(),
        onAuthenticationFailed: ({ reason }) => setFailure(reason.startsWith("collab.") ? reason : "collab.permissionDenied"),
        // Signed out, removed as a collaborator or the task deleted during the session: the server closes this document.
        onClose: ({ event }) => {
          if (event.reason === "collab.permissionDenied" || event.reason === "collab.loginRequired") setFailure(event.reason);
        },
        onSynced: refresh,
        onUnsyncedChanges: ({ number }) => {
          counts.set(part, number);
          refresh();
        },
        onAwarenessChange: refresh,
      });
      provider.attach();
      providers[part] = provider;
    }
    socket.on("status", ({ status }: { status: string }) => setConnected(status === "connected"));
    setSession({ socket, providers });
    const timer = setTimeout(() => {
      if (!Object.values(providers).every((p) => p.isSynced)) setFailure((f) => f ?? "collab.enterFailed");
    }, ENTER_TIMEOUT_MS);
    return () => {
      clearTimeout(timer);
      for (const p of Object.values(providers)) p.destroy();
      socket.destroy();
      setSession(null);
    };
  }, [task.id, parts]);

  async function exit() {
    setExiting(true);
    setExitError(null);
    try {
      const transcript = editors.current.transcript;
      const summary = editors.current.summary;
      await coeditApi.saveMerged(task.id, {
        ...(transcript ? { entries: docToTranscript(transcript.getJSON()) } : {}),
        ...(summary ? { summary: docToSummary(summary.getJSON()) } : {}),
      });
      toast.success(t("exited"));
      onExit();
    } catch (e) {
      // Nothing is lost: the documents keep every edit; Exit can be pressed again.
      setExitError(errorMessage(e, t("exitFailed")));
      setExiting(false);
    }
  }

  const speakers = useMemo(() => Object.fromEntries(task.speakers.map((s) => [s.id, s.name])), [task.speakers]);
  const status = !synced ? t("entering") : !connected ? t("reconnecting") : unsynced > 0 ? t("saving") : t("saved");

  return (
    <div className={styles.layer} role="dialog" aria-modal="true" aria-label={t("editing")} data-testid="coedit-editor" data-synced={synced} data-saved={synced && unsynced === 0}>
      <div className={styles.bar}>
        <h2 className={styles.title}>
          {t("editing")} · {task.title}
        </h2>
        <span className={styles.status} role="status" data-testid="coedit-status">
          {status}
        </span>
        {others.length > 0 ? (
          <span className={styles.editors} data-testid="coedit-others">
            {t("editors", { names: "" })}
            {others.map((u, i) => (
              <span key={`${u.name}-${i}`} className={styles.person} style={{ background: u.color }}>
                {u.name}
              </span>
            ))}
          </span>
        ) : null}
        <button type="button" className={`${ui.btn} ${ui.primary} ${ui.small}`} onClick={() => void exit()} disabled={exiting || !synced} data-testid="coedit-exit">
          {exiting ? <span className={ui.spinner} aria-hidden="true" /> : null}
          {exiting ? t("exiting") : t("exit")}
        </button>
      </div>
      {failure ? (
        <div className={`${ui.alert} ${styles.notice}`} role="alert" data-testid="coedit-failure" data-reason={failure}>
          {terr(failure)}
        </div>
      ) : null}
      {exitError ? (
        <div className={`${ui.alert} ${styles.notice}`} role="alert" data-testid="coedit-exit-error">
          {exitError}
        </div>
      ) : null}
      <p className={`${styles.hint} ${styles.notice}`}>{t("hint")}</p>
      {session && !failure ? (
        <div className={`${styles.body} ${parts.length === 1 ? styles.single : ""}`}>
          {parts.map((part) => (
            <section key={part} className={styles.section}>
              <h3 className={styles.sectionTitle}>{part === "transcript" ? t("transcript") : t("summary")}</h3>
              {part === "summary" ? <p className={styles.hint}>{t("summaryHint")}</p> : null}
              <PartEditor
                part={part}
                provider={session.providers[part]!}
                speakers={speakers}
                user={me}
                label={part === "transcript" ? t("transcript") : t("summary")}
                onEditor={(editor) => {
                  if (editor) editors.current[part] = editor;
                  else delete editors.current[part];
                }}
              />
            </section>
          ))}
        </div>
      ) : null}
    </div>
  );
}

interface PartEditorProps {
  part: CollabPart;
  provider: HocuspocusProvider;
  speakers: Record<string, string>;
  user: CaretUser;
  label: string;
  onEditor: (editor: Editor | null) => void;
}

function PartEditor({ part, provider, speakers, user, label, onEditor }: PartEditorProps) {
  const editor = useEditor(
    {
      immediatelyRender: false,
      extensions: [
        ...(part === "transcript" ? transcriptExtensions(speakers) : summaryExtensions()),
        Collaboration.configure({ document: provider.document, field: COLLAB_FIELD }),
        CollaborationCaret.configure({ provider, user }),
      ],
      editorProps: {
        attributes: {
          class: `${styles.prose} ${part === "summary" ? styles.summaryProse : ""}`,
          "aria-label": label,
          "data-testid": `coedit-${part}`,
        },
      },
    },
    [provider],
  );
  useEffect(() => {
    onEditor(editor);
    return () => onEditor(null);
  }, [editor, onEditor]);
  return <EditorContent editor={editor} />;
}
