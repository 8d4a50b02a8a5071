import { z } from "zod";
import { safeId, safeText } from "@/lib/server/text";
import { locales } from "@/lib/i18n/locales";
import { lengthPreferences, quizTypes } from "./types";

// Request shapes of the analysis, translation and Ask AI routes. No server
// imports: the browser may use them. Bodies use the spec's snake_case names
// (task_id, target_language).

const taskId = safeId;

export const analyzeBody = z.object({ regenerate: z.boolean().default(false) });

export const regenerateMindMapBody = z.object({ task_id: taskId });

export const summaryStyleBody = z.object({
  enabled: z.boolean(),
  lengthPreference: z.enum(lengthPreferences),
  focusArea: safeText({ max: 200, trim: true }),
  customInstructions: safeText({ max: 2000, trim: true, multiline: true }),
});

export const translationBody = z.object({ task_id: taskId, target_language: z.enum(locales) });
export const translationQuery = z.object({ task_id: taskId, target_language: z.enum(locales) });

export const askBody = z.object({ task_id: taskId, question: safeText({ max: 4000, trim: true, multiline: true }) });

export const askHistoryParams = z.object({ id: taskId });

export const MAX_QUIZ_QUESTIONS = 20;

export const flashbackStartBody = z.object({
  task_id: taskId,
  question_type: z.enum(quizTypes).default("comprehensive"),
  question_count: z.coerce.number().int().min(1).max(MAX_QUIZ_QUESTIONS).default(5),
  include_answers: z.boolean().default(true),
  include_analysis: z.boolean().default(true),
});

export const checkAnswerBody = z.object({
  task_id: taskId,
  quiz_id: safeId,
  question_id: safeText({ min: 1, max: 100 }),
  answer: z.array(z.number().int().min(0).max(10)).min(1).max(10),
});

export const todoTickBody = z.object({ todo_id: safeText({ min: 1, max: 40 }), done: z.boolean() });
