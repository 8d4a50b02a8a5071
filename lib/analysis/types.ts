// Shapes shared by both text engines (the OpenAI-compatible provider and the
// local analyzer), the worker and the browser. Nothing server-only here.

/** One timeline entry as the analyzers see it. Times are milliseconds. */
export interface Passage {
  /** Position in the task's timeline (0-based); citations point back to it. */
  index: number;
  begin: number;
  end: number;
  speaker: string | null;
  text: string;
}

export const lengthPreferences = ["short", "medium", "long"] as const;
export type LengthPreference = (typeof lengthPreferences)[number];

/** The user's custom summary style (entity fields "Custom style"). */
export interface SummaryStyle {
  enabled: boolean;
  lengthPreference: LengthPreference;
  /** Free text, e.g. "decisions and budget"; the local analyzer boosts sentences mentioning these words. */
  focusArea: string;
  /** Free text for the AI provider; the local analyzer cannot follow free-form instructions. */
  customInstructions: string;
}

export const defaultSummaryStyle: SummaryStyle = { enabled: false, lengthPreference: "medium", focusArea: "", customInstructions: "" };

/** A translator bound to one namespace: t("summary.overview"), t("quiz.trueFalse", { statement }). */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

export const quizTypes = ["comprehensive", "single", "multiple", "truefalse"] as const;
/** What the user asks for; "comprehensive" mixes the three kinds of question. */
export type QuizType = (typeof quizTypes)[number];
export type QuestionKind = "single" | "multiple" | "truefalse";

export interface QuizSettings {
  type: QuizType;
  count: number;
  includeAnswers: boolean;
  includeAnalysis: boolean;
}

export interface QuizQuestion {
  id: string;
  kind: QuestionKind;
  prompt: string;
  /** Choices shown to the user. For truefalse: two options, [true label, false label]. */
  options: string[];
  /** Indexes into options that are correct (one for single and truefalse, one or more for multiple). */
  answer: number[];
  /** Why the answer is right, quoting the transcript where possible. */
  analysis: string;
  /** The passage the question was made from, for "jump to" links. */
  source?: { index: number; begin: number; end: number };
}

/** A chat answer: markdown text, plus the passages it quotes. */
export interface ChatAnswer {
  markdown: string;
  citations: { index: number; begin: number; end: number }[];
}

export interface ChatTurn {
  role: "user" | "assistant";
  content: string;
}

/** A mind-map node as markmap-view draws it (the markmap-lib transformer's INode shape, trimmed). */
export interface MindMapNode {
  content: string;
  children: MindMapNode[];
}

/** The analysis progress steps of states and transitions, in order. */
export const analysisSteps = [
  "initializing",
  "cleaningText",
  "formattingData",
  "analyzingScenario",
  "planningSummary",
  "generatingSummary",
  "optimizingFormat",
  "generatingMindMap",
  "creatingCanvas",
  "generatingHqMindMap",
  "finalizing",
] as const;
export type AnalysisStep = (typeof analysisSteps)[number];

/** A topic of the recording: title, one-line gist, and where it starts and ends (null for a document or pasted text). */
export interface Chapter {
  title: string;
  gist: string;
  /** The first timeline entry of the chapter. */
  index: number;
  begin: number | null;
  end: number | null;
}

/** What one named speaker said and asked for, in a few lines. */
export interface SpeakerSummary {
  speaker: string;
  said: string[];
  asked: string[];
}

/** An action item: who does it (the speaker, or a name in the sentence), when it is due if said, and whether it is ticked off. */
export interface TodoItem {
  id: string;
  text: string;
  owner: string | null;
  due: string | null;
  /** The timeline entry it was said in. */
  index: number;
  begin: number | null;
  done: boolean;
}

/** Chapters, per-speaker summaries and to-dos: kept with the analysis (Task.outline). */
export interface Outline {
  chapters: Chapter[];
  speakers: SpeakerSummary[];
  todos: TodoItem[];
}
