// Tasks put straight into the database, for tests of what comes after transcription.
import { prisma } from "@/lib/server/prisma";

export interface SeedLine {
  speaker: number;
  /** Seconds from the start. */
  at: number;
  text: string;
}

/** A finished transcript with speakers "Speaker 1", "Speaker 2", ... and one timeline entry per line. */
export async function seedTranscribedTask(userId: string, title: string, lines: SeedLine[], status: "completed" | "transcribing" | "failed" = "completed") {
  const task = await prisma.task.create({
    data: { userId, title, status, source: "upload", duration: (lines.at(-1)?.at ?? 0) + 5, fullText: lines.map((l) => l.text).join("\n"), language: "en" },
    select: { id: true },
  });
  const speakerIds = new Map<number, string>();
  for (const n of [...new Set(lines.map((l) => l.speaker))]) {
    const s = await prisma.speaker.create({ data: { taskId: task.id, label: `spk_${n}`, name: `Speaker ${n + 1}`, position: n }, select: { id: true } });
    speakerIds.set(n, s.id);
  }
  await prisma.timelineEntry.createMany({
    data: lines.map((l, i) => ({ taskId: task.id, position: i, begin: l.at * 1000, end: (lines[i + 1]?.at ?? l.at + 5) * 1000, text: l.text, speakerId: speakerIds.get(l.speaker)! })),
  });
  return task.id;
}

/** A product meeting with decisions, action items and questions. */
export const MEETING: SeedLine[] = [
  { speaker: 0, at: 0, text: "Good morning everyone, today we review the launch plan for the new mobile app." },
  { speaker: 1, at: 8, text: "The beta test finished last week and users liked the offline mode very much." },
  { speaker: 0, at: 17, text: "What did they say about the battery usage of the offline mode?" },
  { speaker: 1, at: 24, text: "Battery usage was the main complaint, it drains about ten percent per hour." },
  { speaker: 2, at: 33, text: "We need to fix the battery drain before the launch in March." },
  { speaker: 0, at: 41, text: "Agreed. Maria will send the battery report to the engineering team by Friday." },
  { speaker: 2, at: 50, text: "The marketing budget for the launch is fifty thousand dollars." },
  { speaker: 1, at: 58, text: "Should we move the launch date if the battery fix is late?" },
  { speaker: 0, at: 66, text: "Let's decide that next week after the engineering review of the battery fix." },
  { speaker: 2, at: 75, text: "I will prepare the press release and the app store screenshots." },
];
