"use client";
// What the link and meeting dialogs share: the typed link, whether its
// message may show yet, sending it (on the button or Enter) and the server's
// answer. Each dialog brings its own local check, request and messages.
import { useId, useState, type FormEvent } from "react";
import type { TaskSummary } from "@/lib/tasks/task.client";
import { toast } from "@/lib/client/toasts";

export interface UrlImportOptions {
  /** The local check: whether this link may be sent at all. */
  accepts: (url: string) => boolean;
  /** Sends the (trimmed) link; resolves with the new task. */
  send: (url: string) => Promise<TaskSummary>;
  /** The toast once the task exists. */
  doneMessage: string;
  /** The message for a failed send, or null when the dialog shows it another way. */
  failureMessage: (error: unknown) => string | null;
  onCreated: (tasks: TaskSummary[]) => void;
  onClose: () => void;
}

export function useUrlImport({ accepts, send, doneMessage, failureMessage, onCreated, onClose }: UrlImportOptions) {
  const [url, setUrl] = useState("");
  // Messages wait until the user typed or tried to send: an empty field is not yet an error.
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const inputId = useId();
  const formId = `${inputId}-form`;

  const change = (value: string) => {
    setUrl(value);
    setTouched(true);
    setServerError(null);
  };

  const submit = async () => {
    setTouched(true);
    setServerError(null);
    if (!accepts(url)) return;
    setBusy(true);
    try {
      const task = await send(url.trim());
      toast.success(doneMessage);
      setUrl("");
      setTouched(false);
      onCreated([task]);
      onClose();
    } catch (e) {
      setServerError(failureMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return {
    url,
    touched,
    busy,
    serverError,
    formId,
    /** For the form around the field; its submit button points at it with form={formId}. */
    formProps: {
      id: formId,
      noValidate: true,
      onSubmit: (e: FormEvent<HTMLFormElement>) => {
        e.preventDefault();
        if (!busy) void submit();
      },
    },
    /** For the UrlField. */
    fieldProps: { id: inputId, value: url, onChange: change, disabled: busy },
  };
}
