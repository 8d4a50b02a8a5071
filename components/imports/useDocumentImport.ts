"use client";
// State of the document import dialog: the chosen files or pasted text, the
// estimate step and the server calls. A failed call keeps everything chosen.
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { isAbortError } from "@/lib/client/api";
import { importsApi, type DocumentEstimate } from "@/lib/imports/imports.client";
import { usageApi, type TaskSummary } from "@/lib/tasks/task.client";
import { toast } from "@/lib/client/toasts";
import { secondsForText } from "@/lib/documents/limits";
import { errorMessage } from "@/lib/client/api-errors";
import { openDialogForRefusal } from "@/components/account/events";
import { fileKey, screenDocuments, type DocumentProblem } from "./documentChecks";

export type DocumentTab = "upload" | "paste";
export type DocumentStep = "edit" | "estimate";
/** What is waiting on the server: the estimate or the import itself. */
export type DocumentBusy = "estimating" | "creating" | null;

export function useDocumentImport(onCreated: (tasks: TaskSummary[]) => void) {
  const t = useTranslations("imports.document");
  const terr = useTranslations("errors");
  const [tab, setTab] = useState<DocumentTab>("upload");
  const [files, setFiles] = useState<File[]>([]);
  const [title, setTitle] = useState("");
  const [text, setText] = useState("");
  const [step, setStep] = useState<DocumentStep>("edit");
  const [estimate, setEstimate] = useState<DocumentEstimate | null>(null);
  const [busy, setBusy] = useState<DocumentBusy>(null);
  const [progress, setProgress] = useState(0);
  const [problems, setProblems] = useState<DocumentProblem[]>([]);
  const [serverError, setServerError] = useState<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => () => abortRef.current?.abort(), []);

  const clearMessages = () => {
    setProblems([]);
    setServerError(null);
  };

  const addFiles = (picked: File[]) => {
    clearMessages();
    const chosen = new Set(files.map(fileKey));
    const { accepted, problems: found } = screenDocuments(picked.filter((f) => !chosen.has(fileKey(f))), files);
    setProblems(found);
    if (accepted.length) setFiles((cur) => [...cur, ...accepted]);
  };
  const removeFile = (file: File) => {
    clearMessages();
    setFiles((cur) => cur.filter((f) => f !== file));
  };
  const changeTab = (next: DocumentTab) => {
    clearMessages();
    setTab(next);
  };
  const changeText = (next: string) => {
    setServerError(null);
    setText(next);
  };

  /** Submit of the first step: checks what is there and asks for the estimate. */
  const requestEstimate = async () => {
    clearMessages();
    if (tab === "upload" && files.length === 0) return setServerError(terr("documents.nothingToImport"));
    if (tab === "paste" && text.trim() === "") return setServerError(terr("documents.pasteEmpty"));
    const ctrl = new AbortController();
    abortRef.current = ctrl;
    setBusy("estimating");
    try {
      setEstimate(tab === "upload" ? await importsApi.estimateDocuments(files, { signal: ctrl.signal }) : await estimateText());
      setStep("estimate");
    } catch (e) {
      if (!isAbortError(e)) setServerError(errorMessage(e, terr("common.requestFailed")));
    } finally {
      abortRef.current = null;
      setBusy(null);
    }
  };

  // Pasted text is billed by its size: no upload needed to know the minutes.
  const estimateText = async (): Promise<DocumentEstimate> => {
    const seconds = secondsForText(text.trim());
    const usage = await usageApi.get();
    const item = { name: title.trim() || t("pastedText"), chars: text.trim().length, seconds, minutes: seconds / 60 };
    return { items: [item], totalSeconds: seconds, totalMinutes: seconds / 60, usage, fits: usage.usedSeconds + seconds <= usage.totalSeconds };
  };

  const reset = useCallback(() => {
    setFiles([]);
    setTitle("");
    setText("");
    setStep("edit");
    setEstimate(null);
    setProblems([]);
    setServerError(null);
  }, []);

  /** Confirm of the estimate: creates the tasks. Resolves true when the dialog is done (tasks created, or a refusal opened its own dialog). */
  const confirm = async (): Promise<boolean> => {
    setServerError(null);
    const ctrl = new AbortController();
    abortRef.current = ctrl;
    setBusy("creating");
    setProgress(0);
    try {
      const created =
        tab === "upload" ? (await importsApi.createDocuments(files, { onProgress: setProgress, signal: ctrl.signal })).tasks : [(await importsApi.pasteText(text, title)).task];
      toast.success(tab === "upload" ? t("doneFiles", { count: created.length }) : t("doneText"));
      reset();
      onCreated(created);
      return true;
    } catch (e) {
      // Used-up minutes open the out-of-credits dialog in place of this one.
      if (openDialogForRefusal(e)) return true;
      if (!isAbortError(e)) setServerError(errorMessage(e, terr("documents.generationFailed")));
      return false;
    } finally {
      abortRef.current = null;
      setBusy(null);
    }
  };

  const back = () => {
    setServerError(null);
    setStep("edit");
    setEstimate(null);
  };
  const cancelRequest = () => abortRef.current?.abort();

  const errorMessages = [...problems.map((p) => terr(p.key, p.params)), ...(serverError ? [serverError] : [])];
  return { tab, changeTab, files, addFiles, removeFile, title, setTitle, text, changeText, step, estimate, busy, progress, errorMessages, requestEstimate, confirm, back, cancelRequest };
}
