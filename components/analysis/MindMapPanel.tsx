"use client";
// The "Mind map" tab: the map drawn from the saved summary, with zoom, fit,
// expand and collapse. Redrawing uses the saved summary, so unsaved edits of
// the summary must be saved first (the user is asked to).
import { useRef, useState, useSyncExternalStore } from "react";
import { useTranslations } from "next-intl";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { errorMessage } from "@/lib/client/api-errors";
import { analysisApi } from "@/lib/analysis/analysis.client";
import { hasTranscript, type Task } from "@/lib/tasks/task.client";
import { MindMapImageButtons } from "@/components/exports/MindMapImageButtons";
import { toast } from "@/lib/client/toasts";
import ui from "@/components/ui/ui.module.css";
import { AnalysisProgress } from "./AnalysisProgress";
import { MindMapView, type MindMapHandle } from "./MindMapView";
import { isAnalysing, Placeholder, type SummaryDraft } from "./SummaryPanel";
import styles from "./analysis.module.css";

/** `readOnly` (a collaborator): no redraw, which is the owner's (the server refuses it too). */
export function MindMapPanel({ task, onTaskChange, draft, readOnly = false }: { task: Task; onTaskChange: (task: Task) => void; draft: SummaryDraft; readOnly?: boolean }) {
  const t = useTranslations("analysis.mindmap");
  const map = useRef<MindMapHandle>(null);
  const [busy, setBusy] = useState(false);
  const [askSave, setAskSave] = useState(false);
  const touchScreen = useTouchScreen();
  const unsaved = draft.text !== null && draft.text !== task.summary;

  const redraw = async () => {
    setBusy(true);
    try {
      onTaskChange(await analysisApi.redrawMindMap(task.id));
      toast.success(t("redrawn"));
    } catch (e) {
      toast.error(errorMessage(e, t("redrawFailed")));
    } finally {
      setBusy(false);
    }
  };

  const saveThenRedraw = async () => {
    onTaskChange(await analysisApi.saveSummary(task.id, draft.text ?? ""));
    draft.set(null);
    await redraw();
  };

  if (!hasTranscript(task.status)) return <Placeholder title={t("notAnalysed")} hint={t("waitForTranscript")} />;
  if (isAnalysing(task.status)) return <AnalysisProgress task={task} />;
  if (!task.mindMap) return <Placeholder title={t("notAnalysed")} hint={t("notAnalysedHint")} />;

  // Toolbar actions act on the drawn map (through its handle) when clicked.
  const tools: { id: ToolId; label: string; text: string }[] = [
    { id: "zoom-in", label: t("zoomIn"), text: "+" },
    { id: "zoom-out", label: t("zoomOut"), text: "−" },
    { id: "fit", label: t("fit"), text: t("fit") },
    { id: "expand", label: t("expandAll"), text: t("expandAll") },
    { id: "collapse", label: t("collapseAll"), text: t("collapseAll") },
  ];

  return (
    <div className={styles.panel} data-testid="mindmap-panel">
      {task.mindMapOutdated || unsaved ? (
        <div className={styles.notice} data-testid="mindmap-outdated">
          {unsaved ? t("unsaved") : t("outdated")}
        </div>
      ) : null}
      <div className={styles.toolbar}>
        {tools.map((tool) => (
          <button key={tool.id} type="button" className={`${ui.btn} ${ui.small}`} onClick={() => runTool(map.current, tool.id)} aria-label={tool.label} title={tool.label} data-testid={`mindmap-${tool.id}`}>
            {tool.text}
          </button>
        ))}
        <span className={styles.spacer} />
        <MindMapImageButtons getSvg={() => map.current?.svg() ?? null} title={task.title} />
        {readOnly ? null : (
          <button
            type="button"
            className={`${ui.btn} ${ui.small} ${task.mindMapOutdated || unsaved ? ui.primary : ""}`}
            onClick={() => (unsaved ? setAskSave(true) : void redraw())}
            disabled={busy}
            data-testid="mindmap-redraw"
          >
            {busy ? <span className={ui.spinner} aria-hidden="true" /> : null}
            {t("redraw")}
          </button>
        )}
      </div>
      <MindMapView ref={map} root={task.mindMap} />
      <p className={styles.hint} data-testid="mindmap-hint">
        {touchScreen ? t("touchHint") : t("hint")}
      </p>
      {askSave ? <ConfirmDialog title={t("saveFirstTitle")} message={t("saveFirst")} confirmLabel={t("saveAndRedraw")} onConfirm={saveThenRedraw} onClose={() => setAskSave(false)} /> : null}
    </div>
  );
}

const COARSE_POINTER = "(pointer: coarse)";

/** A touch screen (a phone or tablet) gets the pinch hint instead of the mouse one. */
function useTouchScreen(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(COARSE_POINTER);
      query.addEventListener("change", onChange);
      return () => query.removeEventListener("change", onChange);
    },
    () => window.matchMedia(COARSE_POINTER).matches,
    () => false,
  );
}

type ToolId = "zoom-in" | "zoom-out" | "fit" | "expand" | "collapse";

function runTool(map: MindMapHandle | null, id: ToolId) {
  if (!map) return;
  if (id === "zoom-in") map.zoom(1.25);
  else if (id === "zoom-out") map.zoom(0.8);
  else if (id === "fit") map.fit();
  else map.foldAll(id === "collapse");
}
