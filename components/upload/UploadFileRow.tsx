"use client";
// One file of the upload dialog's list: name, size, duration; in merge mode also
// the checkbox, the order number, drag-and-drop and the up/down buttons.
import { useTranslations } from "next-intl";
import type { UploadMode } from "@/lib/tasks/upload-rules";
import { formatBytes } from "@/lib/format/bytes";
import { formatDuration } from "@/lib/format/time";
import { IconAudio, IconClose, IconDown, IconGrip, IconUp, IconVideo } from "@/components/ui/icons";
import ui from "@/components/ui/ui.module.css";
import styles from "./upload.module.css";

export interface UploadItem {
  id: string;
  file: File;
  kind: UploadMode;
  /** Seconds; undefined while reading, null when the browser cannot tell. */
  duration: number | null | undefined;
  selected: boolean;
}

export interface UploadFileRowProps {
  item: UploadItem;
  index: number;
  last: boolean;
  /** Place in the merged recording (merge mode, selected files), else null. */
  order: number | null;
  merge: boolean;
  uploading: boolean;
  /** The row being dragged, if any. */
  dragRow: number | null;
  setDragRow: (row: number | null) => void;
  onMove: (from: number, to: number) => void;
  onToggle: (id: string) => void;
  onRemove: (id: string) => void;
}

export function UploadFileRow({ item, index, last, order, merge, uploading, dragRow, setDragRow, onMove, onToggle, onRemove }: UploadFileRowProps) {
  const t = useTranslations("upload");
  return (
    <li
      className={`${styles.fileRow} ${merge && !item.selected ? styles.fileRowOff : ""} ${dragRow === index ? styles.fileRowDragging : ""}`}
      draggable={merge && !uploading}
      onDragStart={(e) => {
        setDragRow(index);
        e.dataTransfer.effectAllowed = "move";
        e.dataTransfer.setData("text/x-upload-row", String(index));
      }}
      onDragOver={(e) => {
        if (dragRow === null) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = "move";
      }}
      onDrop={(e) => {
        if (dragRow === null) return;
        e.preventDefault();
        onMove(dragRow, index);
        setDragRow(null);
      }}
      onDragEnd={() => setDragRow(null)}
      data-testid="upload-file-row"
      data-name={item.file.name}
      data-selected={item.selected ? "true" : "false"}
    >
      {merge ? (
        <>
          <span className={styles.grip} aria-hidden="true" title={t("dragHint")}>
            <IconGrip />
          </span>
          <input
            type="checkbox"
            checked={item.selected}
            onChange={() => onToggle(item.id)}
            disabled={uploading}
            aria-label={t("selectFile", { name: item.file.name })}
            data-testid="upload-file-select"
          />
          <span className={styles.order} data-testid="upload-file-order">
            {order ?? "–"}
          </span>
        </>
      ) : null}
      <span className={styles.fileIcon} aria-hidden="true">
        {item.kind === "audio" ? <IconAudio /> : <IconVideo />}
      </span>
      <span className={styles.fileMain}>
        <span className={styles.fileName} title={item.file.name} data-testid="upload-file-name">
          {item.file.name}
        </span>
        <span className={styles.fileMeta}>
          {formatBytes(item.file.size)}
          {" · "}
          <span data-testid="upload-file-duration" data-seconds={item.duration ?? ""}>
            {item.duration === undefined ? t("readingDuration") : item.duration === null ? t("unknownDuration") : formatDuration(item.duration)}
          </span>
        </span>
      </span>
      {merge ? (
        <>
          <button type="button" className={ui.iconBtn} onClick={() => onMove(index, index - 1)} disabled={uploading || index === 0} aria-label={t("moveUp", { name: item.file.name })} data-testid="upload-file-up">
            <IconUp />
          </button>
          <button type="button" className={ui.iconBtn} onClick={() => onMove(index, index + 1)} disabled={uploading || last} aria-label={t("moveDown", { name: item.file.name })} data-testid="upload-file-down">
            <IconDown />
          </button>
        </>
      ) : null}
      <button type="button" className={ui.iconBtn} onClick={() => onRemove(item.id)} disabled={uploading} aria-label={t("remove", { name: item.file.name })} data-testid="upload-file-remove">
        <IconClose />
      </button>
    </li>
  );
}
