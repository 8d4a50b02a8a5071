"use client";
// The three import dialogs of the add-options menu for a home screen: which
// one is open, the menu handlers that open them, and the dialogs themselves,
// each loaded on first use and then kept mounted so what was typed survives a close.
import { useCallback, useEffect, useMemo, useState } from "react";
import dynamic from "next/dynamic";
import type { ImportMenuHandlers } from "@/components/upload/AddOptionsMenu";
import { useLiveRecording } from "@/components/live/useLiveRecording";
import { importsApi } from "@/lib/imports/imports.client";
import type { TaskSummary } from "@/lib/tasks/task.client";

const DocumentImportDialog = dynamic(() => import("./DocumentImportDialog").then((m) => m.DocumentImportDialog), { ssr: false });
const LinkImportDialog = dynamic(() => import("./LinkImportDialog").then((m) => m.LinkImportDialog), { ssr: false });
const MeetingJoinDialog = dynamic(() => import("./MeetingJoinDialog").then((m) => m.MeetingJoinDialog), { ssr: false });

export type ImportDialogKind = "link" | "document" | "meeting";

export function useImportDialogs(onCreated: (tasks: TaskSummary[]) => void) {
  const [openKind, setOpenKind] = useState<ImportDialogKind | null>(null);
  const [used, setUsed] = useState<ReadonlySet<ImportDialogKind>>(new Set());
  const [documents, setDocuments] = useState<File[] | undefined>(undefined);

  const openDialog = useCallback((kind: ImportDialogKind) => {
    setUsed((cur) => (cur.has(kind) ? cur : new Set(cur).add(kind)));
    setOpenKind(kind);
  }, []);
  const close = useCallback(() => setOpenKind(null), []);
  /** Opens the document import with these files chosen (documents shared into the app). */
  const openDocuments = useCallback(
    (files: File[]) => {
      setDocuments(files);
      openDialog("document");
    },
    [openDialog],
  );

  // "Join a meeting" is only offered once the server says a meeting-bot provider is set up:
  // offering it and then saying "not set up" makes the user spend effort for nothing.
  const [meetingsEnabled, setMeetingsEnabled] = useState(false);
  useEffect(() => {
    let live = true;
    importsApi.meetingConfig().then(
      ({ enabled }) => live && setMeetingsEnabled(enabled),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  // "Record" (live recording) sits in the same menu; its dialogs come with these.
  const live = useLiveRecording(onCreated);
  const { openRecord } = live;
  const handlers: ImportMenuHandlers = useMemo(
    () => ({
      onRecord: openRecord,
      onImportLink: () => openDialog("link"),
      onImportDocument: () => openDialog("document"),
      onJoinMeeting: meetingsEnabled ? () => openDialog("meeting") : undefined,
    }),
    [openDialog, meetingsEnabled, openRecord],
  );

  const dialogs = (
    <>
      {used.has("link") ? <LinkImportDialog open={openKind === "link"} onClose={close} onCreated={onCreated} /> : null}
      {used.has("document") ? <DocumentImportDialog open={openKind === "document"} onClose={close} onCreated={onCreated} initialFiles={documents} /> : null}
      {used.has("meeting") ? <MeetingJoinDialog open={openKind === "meeting"} onClose={close} onCreated={onCreated} /> : null}
      {live.dialogs}
    </>
  );

  return { handlers, dialogs, openDialog, openDocuments };
}
