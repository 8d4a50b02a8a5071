import { z } from "zod";
import { safeId, safeText } from "@/lib/server/text";
import { exportFormats, exportParts } from "@/lib/exports/formats";
import { locales } from "@/lib/i18n/locales";
import { importLinkBody, pasteTextBody } from "@/lib/imports/imports.schema";
import { SPEAKER_COUNT_MAX } from "@/lib/tasks/task.schema";

// The public API's request and answer shapes (/api/v1; docs/api.md "Public API"). The routes parse
// requests with these very schemas, and lib/public-api/openapi.ts builds the OpenAPI document from
// them: the document cannot drift from what the routes accept. No server imports.

export const v1TaskIdParams = z.object({ id: safeId.meta({ description: "The task's id" }) });

/** GET /api/v1/tasks: a page of the caller's tasks, newest first; with q, a search instead. */
export const v1ListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  q: safeText({ max: 100 }).optional().meta({ description: "Search words (titles, transcripts, summaries); pages of 20" }),
});

/** POST /api/v1/tasks (multipart): the same fields, limits and plan checks as the web upload. */
export const v1UploadForm = z.object({
  file: z.string().meta({ format: "binary", description: "One or more audio or video files; each becomes its own task" }),
  spoken_language: z.string().max(16).optional().meta({ description: "The spoken language (\"auto\" to detect)" }),
  speaker_count: z.coerce.number().int().min(1).max(SPEAKER_COUNT_MAX).optional(),
  decode_profile: z.enum(["fast", "accurate"]).optional(),
  start: z.enum(["true", "false"]).optional().meta({ description: "\"false\" creates the task without starting it" }),
});

export const v1LinkBody = importLinkBody.meta({ description: "A video-platform link; the worker fetches and transcribes it" });
export const v1TextBody = pasteTextBody.meta({ description: "Text that becomes a task (no speech step)" });

/** GET /api/v1/tasks/{id}/transcript: JSON with speakers and times, or any export format as a file. */
export const v1TranscriptQuery = z.object({
  format: z.enum(["json", ...exportFormats]).default("json"),
  part: z.enum(exportParts).optional(),
});

export const v1TranslationBody = z.object({ target_language: z.enum(locales) });
export const v1TranslationParams = v1TaskIdParams.extend({ language: z.enum(locales) });
export const v1SummaryBody = z.object({ regenerate: z.boolean().default(false) });

// Answers (documented; the routes return the services' own shapes, which these describe).

export const v1TaskStatus = z
  .object({
    id: z.string(),
    title: z.string(),
    status: z.string().meta({ description: "not_started, queued, merging, transcribing, completed, failed, analyzing, analysis_completed, analysis_failed, translating, ..." }),
    source: z.string(),
    createTime: z.string(),
    transcriptionTime: z.string().nullable(),
    duration: z.number().nullable().meta({ description: "Seconds" }),
    progress: z.object({ stage: z.string(), percent: z.number() }).partial().nullable(),
    errorDetails: z.object({ errorCode: z.string(), message: z.string().nullable() }).partial().nullable(),
  })
  .meta({ id: "TaskStatus" });

export const v1TaskPage = z.object({ items: z.array(v1TaskStatus), total: z.number(), page: z.number(), page_size: z.number() }).meta({ id: "TaskPage" });

export const v1Transcript = z
  .object({
    task_id: z.string(),
    title: z.string(),
    status: z.string(),
    speakers: z.array(z.object({ id: z.string(), name: z.string() })),
    segments: z.array(z.object({ index: z.number(), begin_ms: z.number(), end_ms: z.number(), speaker_id: z.string().nullable(), speaker: z.string().nullable(), text: z.string() })),
    text: z.string(),
  })
  .meta({ id: "Transcript" });

// Nodes nest to MIND_MAP_MAX_LEVELS; children are nodes of the same shape.
const mindMapNode = z.object({ content: z.string(), children: z.array(z.unknown()).meta({ description: "Nodes of the same shape" }) });

export const v1Summary = z.object({ task_id: z.string(), status: z.string(), language: z.string().nullable(), summary: z.string().nullable().meta({ description: "Markdown" }) }).meta({ id: "Summary" });
export const v1MindMap = z.object({ task_id: z.string(), mind_map: mindMapNode.nullable() }).meta({ id: "MindMap" });
const v1Chapter = z.object({
  title: z.string(),
  gist: z.string(),
  index: z.number().meta({ description: "The transcript segment the chapter starts at" }),
  begin_ms: z.number().nullable().meta({ description: "null for a document or pasted text" }),
  end_ms: z.number().nullable(),
});
const v1Todo = z.object({ id: z.string(), text: z.string(), owner: z.string().nullable(), due: z.string().nullable(), index: z.number(), begin_ms: z.number().nullable(), done: z.boolean() });
export const v1Chapters = z
  .object({
    task_id: z.string(),
    status: z.string(),
    chapters: z.array(v1Chapter).nullable().meta({ description: "null until the summary has been made (POST …/summary)" }),
    speakers: z.array(z.object({ speaker: z.string(), said: z.array(z.string()), asked: z.array(z.string()) })),
    todos: z.array(v1Todo),
  })
  .meta({ id: "Chapters" });
export const v1Translation = z
  .object({
    task_id: z.string(),
    target_language: z.string(),
    status: z.string().meta({ description: "translating, translation_completed or translation_failed" }),
    timeline: z.array(z.object({ index: z.number(), begin: z.number(), end: z.number(), text: z.string(), speakerId: z.string().nullable() })),
    summary: z.string().nullable(),
  })
  .meta({ id: "Translation" });

/** The envelope every answer comes in: code 200 with data, or the catalogue's code, message and data.error. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number(), message: z.string(), data });
}
export const v1Error = z.object({ code: z.number(), message: z.string().meta({ description: "In the caller's language" }), data: z.object({ error: z.string().meta({ description: "The catalogue key" }) }) }).meta({ id: "Error" });
