import type { z } from "zod";

/** One documented /api/v1 operation (lib/public-api/openapi.ts builds the document from a list of these). */
export interface Operation {
  method: "get" | "post" | "delete";
  path: string;
  summary: string;
  /** The API key scope it needs; null: public. */
  scope: "read" | "write" | null;
  params?: z.ZodObject;
  query?: z.ZodObject;
  json?: z.ZodType;
  multipart?: z.ZodType;
  idempotent?: boolean;
  answer?: z.ZodType;
  /** The answer is a file (export formats) besides JSON. */
  file?: boolean;
}
