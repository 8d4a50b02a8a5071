// Typed client calls for analysis, translation and Ask AI (docs/api.md).
import { api } from "@/lib/client/api";
import type { StreamEvent } from "@/lib/server/stream-events";
import type { QuizType, SummaryStyle } from "@/lib/analysis/types";
import type { Task, TaskStatus } from "@/lib/tasks/task.client";

export interface Translation {
  task_id: string;
  target_language: string;
  status: TaskStatus;
  timeline: { index: number; begin: number; end: number; text: string; speakerId: string | null }[];
  summary: string | null;
  engine: string | null;
  errorMessage: string | null;
  updateTime: string;
}

export interface ChatMessage {
  id: string;
  role: "user" | "assistant";
  mode: string;
  content: string;
  data: { stopped?: boolean } | null;
  engine: string | null;
  createdAt: string;
}

export interface FlashbackIntroduction {
  introduction: string;
  questionTypes: QuizType[];
  defaults: { question_type: QuizType; question_count: number; include_answers: boolean; include_analysis: boolean };
  maxCount: number;
}

export interface FlashbackSettings {
  question_type: QuizType;
  question_count: number;
  include_answers: boolean;
  include_analysis: boolean;
}

interface StreamCallbacks {
  signal?: AbortSignal;
  onText?: (full: string) => void;
  onEvent?: (event: StreamEvent) => void;
}

const enc = encodeURIComponent;
// Answers take longer than the usual 15 s to start when a provider is slow to think.
const STREAM_START_TIMEOUT_MS = 60_000;

function streamOpts(cb: StreamCallbacks) {
  return { signal: cb.signal, timeoutMs: STREAM_START_TIMEOUT_MS, onChunk: (_c: string, full: string) => cb.onText?.(full), onEvent: cb.onEvent };
}

export const analysisApi = {
  analyze: (taskId: string, regenerate = false) => api.post<Task>(`/api/transcription/${enc(taskId)}/analyze-meeting`, { regenerate }),
  saveSummary: (taskId: string, summary: string) => api.put<Task>(`/api/transcription/${enc(taskId)}/edit`, { summary }),
  redrawMindMap: (taskId: string) => api.post<Task>("/api/transcription/regenerate-xmind", { task_id: taskId }),
  getStyle: () => api.get<SummaryStyle>("/api/analysis/style"),
  saveStyle: (style: SummaryStyle) => api.put<SummaryStyle>("/api/analysis/style", style),
};

export const translationApi = {
  request: (taskId: string, target: string) => api.post<Translation>("/api/translation", { task_id: taskId, target_language: target }),
  query: (taskId: string, target: string) => api.get<Translation | null>("/api/translation/query", { task_id: taskId, target_language: target }),
  /** Whether translation can run on this server (it needs an AI provider). */
  config: () => api.get<{ enabled: boolean }>("/api/translation/config"),
};

export const askApi = {
  ask: (taskId: string, question: string, cb: StreamCallbacks = {}) => api.stream("/api/ask-ai", { task_id: taskId, question }, streamOpts(cb)),
  history: (taskId: string) => api.get<{ messages: ChatMessage[] }>(`/api/ask-ai/history/${enc(taskId)}`),
  clearHistory: (taskId: string) => api.del<{ deleted: number }>(`/api/ask-ai/history/${enc(taskId)}`),
  introduction: () => api.get<FlashbackIntroduction>("/api/ask-ai/flashback-learning/introduction"),
  startFlashback: (taskId: string, settings: FlashbackSettings, cb: StreamCallbacks = {}) =>
    api.stream("/api/ask-ai/flashback-learning/start", { task_id: taskId, ...settings }, streamOpts(cb)),
  checkAnswer: (taskId: string, quizId: string, questionId: string, answer: number[], cb: StreamCallbacks = {}) =>
    api.stream("/api/ask-ai/flashback-learning/check-answer", { task_id: taskId, quiz_id: quizId, question_id: questionId, answer }, streamOpts(cb)),
};
