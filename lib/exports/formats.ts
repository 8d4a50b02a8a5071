import { z } from "zod";

// The export formats (docs/exports.md): what each one holds, its file type and whether it
// is a Pro feature. Plain data with no server imports: the export menu reads the same table.

export const exportFormats = ["txt", "srt", "vtt", "docx", "md", "xmind", "pdf"] as const;
export type ExportFormat = (typeof exportFormats)[number];

export const exportParts = ["transcript", "summary"] as const;
export type ExportPart = (typeof exportParts)[number];

interface FormatInfo {
  /** File name extension. */
  extension: string;
  /** The Content-Type it is served with. */
  mime: string;
  /** The parts it can hold; the first is the default. */
  parts: readonly ExportPart[] | readonly ["mindmap"] | readonly ["all"];
  /** Only for plans with the Pro features (lib/billing/plans.ts). */
  pro: boolean;
}

export const formatInfo: Record<ExportFormat, FormatInfo> = {
  txt: { extension: "txt", mime: "text/plain; charset=utf-8", parts: ["transcript"], pro: false },
  srt: { extension: "srt", mime: "application/x-subrip; charset=utf-8", parts: ["transcript"], pro: false },
  vtt: { extension: "vtt", mime: "text/vtt; charset=utf-8", parts: ["transcript"], pro: false },
  docx: { extension: "docx", mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", parts: ["transcript", "summary"], pro: false },
  md: { extension: "md", mime: "text/markdown; charset=utf-8", parts: ["summary"], pro: false },
  xmind: { extension: "xmind", mime: "application/vnd.xmind.workbook", parts: ["mindmap"], pro: true },
  pdf: { extension: "pdf", mime: "application/pdf", parts: ["all"], pro: true },
};

/** What the file holds: the asked part where the format has a choice, else its only content. */
export function partOf(format: ExportFormat, asked: ExportPart | undefined): string {
  const parts = formatInfo[format].parts as readonly string[];
  return asked && parts.includes(asked) ? asked : parts[0]!;
}

export const exportQuery = z.object({
  format: z.enum(exportFormats),
  part: z.enum(exportParts).optional(),
});
export type ExportQuery = z.infer<typeof exportQuery>;
