import "server-only";
import { prisma } from "@/lib/server/prisma";
import { defaultSummaryStyle, lengthPreferences, type LengthPreference, type SummaryStyle } from "./types";

// The owner's custom summary style (analysis style dialog); every summary follows it while enabled.

function toStyle(row: { enabled: boolean; lengthPreference: string; focusArea: string; customInstructions: string } | null): SummaryStyle {
  if (!row) return defaultSummaryStyle;
  const length = (lengthPreferences as readonly string[]).includes(row.lengthPreference) ? (row.lengthPreference as LengthPreference) : "medium";
  return { enabled: row.enabled, lengthPreference: length, focusArea: row.focusArea, customInstructions: row.customInstructions };
}

const styleSelect = { enabled: true, lengthPreference: true, focusArea: true, customInstructions: true } as const;

export async function getSummaryStyle(userId: string): Promise<SummaryStyle> {
  return toStyle(await prisma.customStyle.findUnique({ where: { userId }, select: styleSelect }));
}

export async function saveSummaryStyle(userId: string, style: SummaryStyle): Promise<SummaryStyle> {
  const row = await prisma.customStyle.upsert({ where: { userId }, create: { userId, ...style }, update: style, select: styleSelect });
  return toStyle(row);
}
