"use client";
// "Who said this line": gives one line to another speaker of the recording, or
// to a new one, where the automatic separation got it wrong (PUT .../entry-speaker).
import { memo } from "react";
import { MoreMenu } from "@/components/ui/MoreMenu";
import { IconPlus, IconUsers } from "@/components/ui/icons";
import ui from "@/components/ui/ui.module.css";
import type { SpeakerLook } from "./speakers";
import styles from "./transcript.module.css";

export interface LineSpeakerChoice {
  /** The speakers in the panel's order, with their shown names and colours. */
  speakers: { id: string; look: SpeakerLook }[];
  onChoose: (index: number, speakerId: string | "new") => void;
  labels: { menu: string; newSpeaker: string };
}

export const LineSpeakerMenu = memo(function LineSpeakerMenu({ index, current, choice }: { index: number; current: string | null; choice: LineSpeakerChoice }) {
  return (
    <MoreMenu
      label={choice.labels.menu}
      testId="entry-speaker"
      trigger={<IconUsers size={14} />}
      triggerClassName={`${ui.iconBtn} ${styles.lineEdit}`}
      items={[
        ...choice.speakers.map(({ id, look }) => ({
          key: id,
          label: look.name,
          icon: <span className={styles.dot} style={{ background: look.colour }} aria-hidden="true" />,
          checked: id === current,
          testId: "entry-speaker-option",
          onSelect: () => choice.onChoose(index, id),
        })),
        { key: "new", label: choice.labels.newSpeaker, icon: <IconPlus size={14} />, testId: "entry-speaker-new", onSelect: () => choice.onChoose(index, "new") },
      ]}
    />
  );
});
