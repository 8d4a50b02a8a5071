"use client";
// The body of the "Summary" and "Mind map" tabs, one for the desktop detail and the phone view:
// someone reading a shared task sees the summary with its to-dos and a read-only map; the owner
// gets the panels that start, edit and save them.
import { MarkdownView } from "./MarkdownView";
import { MindMapPanel } from "./MindMapPanel";
import { SummaryPanel, type SummaryPanelProps } from "./SummaryPanel";
import { TodoList } from "@/components/outline/TodoList";

export interface AnalysisTabBodyProps extends SummaryPanelProps {
  tab: "summary" | "mindmap";
  /** Opened through a share or as a collaborator: read-only. */
  shared: boolean;
}

export function AnalysisTabBody({ tab, shared, task, onTaskChange, draft, onSeek, onOpenStyle, translatedSummary }: AnalysisTabBodyProps) {
  if (tab === "mindmap") return <MindMapPanel task={task} onTaskChange={onTaskChange} draft={draft} readOnly={shared} />;
  if (shared) {
    return (
      <>
        <MarkdownView markdown={task.summary ?? ""} onSeek={onSeek} testId="shared-summary" />
        {task.outline ? <TodoList taskId={task.id} outline={task.outline} onSeek={onSeek} /> : null}
      </>
    );
  }
  return <SummaryPanel task={task} onTaskChange={onTaskChange} draft={draft} onSeek={onSeek} onOpenStyle={onOpenStyle} translatedSummary={translatedSummary} />;
}
