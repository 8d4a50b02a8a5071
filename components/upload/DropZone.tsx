"use client";
// A drop zone that is also a button opening a hidden file picker. Files come
// out as an array, from a drop or from the picker; nothing arrives while
// disabled.
import { useRef, useState, type ReactNode } from "react";
import ui from "@/components/ui/ui.module.css";
import styles from "./upload.module.css";

export interface DropZoneProps {
  /** The picker's accept list (extensions and MIME types). */
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
  /** data-testid of the zone and of the hidden input. */
  testId: string;
  inputTestId: string;
  /** What the zone shows: icon, title, hints. */
  children: ReactNode;
}

export function DropZone({ accept, multiple = true, disabled = false, onFiles, testId, inputTestId, children }: DropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragOver, setDragOver] = useState(false);

  return (
    <>
      <button
        type="button"
        className={`${styles.dropzone} ${dragOver ? styles.dropzoneOver : ""}`}
        onClick={() => inputRef.current?.click()}
        onDragOver={(e) => {
          if (!e.dataTransfer.types.includes("Files")) return;
          e.preventDefault();
          e.dataTransfer.dropEffect = "copy";
          setDragOver(true);
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={(e) => {
          if (!e.dataTransfer.files.length) return;
          e.preventDefault();
          setDragOver(false);
          if (!disabled) onFiles(Array.from(e.dataTransfer.files));
        }}
        disabled={disabled}
        data-testid={testId}
      >
        {children}
      </button>
      <input
        ref={inputRef}
        type="file"
        multiple={multiple}
        accept={accept}
        className={ui.srOnly}
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => {
          if (e.target.files?.length) onFiles(Array.from(e.target.files));
          e.target.value = ""; // picking the same file again after removing it must fire again
        }}
        data-testid={inputTestId}
      />
    </>
  );
}
