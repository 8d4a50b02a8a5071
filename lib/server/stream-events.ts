// The events of a streamed answer (application/x-ndjson, one JSON object per
// line). Shared by the server and the browser's API client.

export interface PublicQuizQuestion {
  id: string;
  kind: "single" | "multiple" | "truefalse";
  prompt: string;
  options: string[];
  source?: { index: number; begin: number; end: number };
}

export interface Verdict {
  questionId: string;
  correct: boolean;
  /** Only when the quiz was set to include answers. */
  correctAnswer?: number[];
  /** Only when the quiz was set to include analysis. */
  analysis?: string;
  answered: number;
  correctCount: number;
  total: number;
}

export type StreamEvent =
  /** A piece of markdown text to append to what is shown. */
  | { type: "delta"; text: string }
  /** One question of a flashback quiz (without its answer). */
  | { type: "question"; quizId: string; question: PublicQuizQuestion }
  /** The verdict on one answer of a flashback quiz. */
  | { type: "verdict"; verdict: Verdict }
  /** The end of a stream that went well, with what the client may need (message id, engine). */
  | { type: "done"; data: Record<string, unknown> }
  /** A failure after the stream started, already in the caller's language. */
  | { type: "error"; code: number; key: string; message: string };
