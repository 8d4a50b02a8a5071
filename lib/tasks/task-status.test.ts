import fs from "node:fs";
import path from "node:path";
import {
  canMoveTaskStatus,
  FINAL_TRANSCRIPTION,
  hasTranscript,
  IN_ANALYSIS,
  IN_TRANSCRIPTION,
  INITIAL,
  NON_FINAL,
  RESTING,
  statusesMovingTo,
  TASK_STATUS_MOVES,
  TASK_STATUSES,
  TRANSCRIBED,
  type TaskStatus,
} from "./task-status";

// The lifecycle table against the schema (the outside reference for the status names)
// and against the rules the product states: a task is queued, transcribed, then AI work
// runs on its transcript; ends are left only by a retry or new work.

const schema = fs.readFileSync(path.join(__dirname, "../../prisma/schema.prisma"), "utf8");

test("the statuses are the schema's TaskStatus enum, no more and no fewer", () => {
  const body = /enum TaskStatus \{([^}]*)\}/.exec(schema)![1]!;
  const names = body.split(/\s+/).filter(Boolean).sort();
  expect([...TASK_STATUSES].sort()).toEqual(names);
});

test("every status has a row, and every move lands on a known status", () => {
  expect(Object.keys(TASK_STATUS_MOVES).sort()).toEqual([...TASK_STATUSES].sort());
  for (const [from, tos] of Object.entries(TASK_STATUS_MOVES)) {
    for (const to of tos) expect({ from, to, known: TASK_STATUSES.includes(to) }).toEqual({ from, to, known: true });
  }
});

test("every status is reachable from a first status, and every status can move on or is an end", () => {
  const reached = new Set<TaskStatus>(INITIAL);
  const queue: TaskStatus[] = [...INITIAL];
  while (queue.length > 0) {
    for (const to of TASK_STATUS_MOVES[queue.shift()!]) {
      if (!reached.has(to)) {
        reached.add(to);
        queue.push(to);
      }
    }
  }
  expect([...reached].sort()).toEqual([...TASK_STATUSES].sort());
});

test("walking the table: each allowed move and each forbidden one", () => {
  for (const from of TASK_STATUSES) {
    for (const to of TASK_STATUSES) {
      const allowed = TASK_STATUS_MOVES[from].includes(to);
      expect(canMoveTaskStatus(from, to)).toBe(allowed);
      expect(statusesMovingTo(to).includes(from)).toBe(allowed);
    }
  }
});

test("the product's rules hold in the table", () => {
  // A transcription in progress never jumps to AI work without a transcript.
  for (const from of IN_TRANSCRIPTION) for (const to of IN_ANALYSIS) expect(canMoveTaskStatus(from, to)).toBe(false);
  // A failed transcription only goes back to the queue (Retry).
  expect(TASK_STATUS_MOVES.failed).toEqual(["queued"]);
  // Completed never becomes failed: a late failure of a stale job cannot undo a transcript.
  expect(canMoveTaskStatus("completed", "failed")).toBe(false);
  // An AI summary starts only from a transcript, and ends done or failed.
  for (const to of IN_ANALYSIS) for (const from of statusesMovingTo(to)) expect(hasTranscript(from)).toBe(true);
  for (const from of IN_ANALYSIS) {
    expect(canMoveTaskStatus(from, "analysis_completed")).toBe(true);
    expect(canMoveTaskStatus(from, "analysis_failed")).toBe(true);
    expect(canMoveTaskStatus(from, "failed")).toBe(false);
  }
  // Speakers are detected again only from a resting transcript.
  for (const from of TASK_STATUSES) {
    if (canMoveTaskStatus(from, "queued")) expect(["not_started", "failed", ...IN_TRANSCRIPTION, ...RESTING, "translating"]).toContain(from);
  }
});

test("the named groups agree with each other", () => {
  // Polling covers the transcription and every AI step, translation included.
  for (const s of [...IN_TRANSCRIPTION, ...IN_ANALYSIS, "translating"] as const) expect(NON_FINAL).toContain(s);
  for (const s of RESTING) expect(TRANSCRIBED).toContain(s);
  for (const s of TRANSCRIBED) expect(FINAL_TRANSCRIPTION).toContain(s);
  expect(FINAL_TRANSCRIPTION.filter((s) => !TRANSCRIBED.includes(s as never))).toEqual(["failed"]);
  for (const s of IN_TRANSCRIPTION) expect(hasTranscript(s)).toBe(false);
});

test("a transcription job, first run or retried, may set each of its steps from wherever it stood", () => {
  // The pipeline's own moves (lib/tasks/pipeline.ts): merging, transcribing, then completed or failed.
  for (const from of IN_TRANSCRIPTION) {
    for (const to of ["merging", "transcribing", "completed", "failed", "queued"] as const) expect(`${from} → ${to}: ${canMoveTaskStatus(from, to)}`).toBe(`${from} → ${to}: true`);
  }
});
