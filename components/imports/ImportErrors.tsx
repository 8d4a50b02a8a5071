"use client";
// One alert for every problem a dialog has to report, so tests and screen
// readers find them in one place.
import ui from "@/components/ui/ui.module.css";
import upload from "@/components/upload/upload.module.css";

export function ImportErrors({ messages, testId }: { messages: string[]; testId: string }) {
  if (messages.length === 0) return null;
  return (
    <div className={ui.alert} role="alert" data-testid={testId}>
      {messages.length === 1 ? (
        <span>{messages[0]}</span>
      ) : (
        <ul className={upload.problemList}>
          {messages.map((m, i) => (
            <li key={`${i}-${m}`}>{m}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
