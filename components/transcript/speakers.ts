import type { Speaker } from "@/lib/tasks/task.client";
import { displaySpeakerName } from "@/lib/tasks/speaker-names";
import { speakerColour } from "@/lib/tasks/transcript-groups";

export interface SpeakerLook {
  name: string;
  colour: string;
  position: number;
}

/** Name and colour of every speaker id; ids not in the list get a neutral look. A default name is shown in the reader's language. */
export function speakerLooks(speakers: Speaker[], defaultName: (n: number) => string): Map<string, SpeakerLook> {
  const map = new Map<string, SpeakerLook>();
  speakers.forEach((s, i) => map.set(s.id, { name: displaySpeakerName(s.name, i + 1, defaultName), colour: speakerColour(i), position: i }));
  return map;
}

export const UNKNOWN_COLOUR = "#8a90a0";
