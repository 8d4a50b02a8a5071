import "server-only";
import { AppError } from "@/lib/server/errors";
import { hasProFeatures } from "@/lib/billing/plans";
import { translatorFor } from "@/lib/i18n/server";
import { prisma } from "@/lib/server/prisma";
import { batchLines, checkHotword, MAX_HOTWORDS } from "./hotword.schema";

// The owner's hotwords (Pro only). Enabled ones reach the speech engine with
// every transcription (lib/tasks/pipeline.ts).

const hotwordSelect = { id: true, text: true, language: true, enabled: true, createdAt: true, updatedAt: true } as const;

async function assertMember(userId: string) {
  const user = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { planCode: true } });
  if (!hasProFeatures(user.planCode)) throw new AppError("hotwords.membershipRequired");
}

async function hotwordSummary(userId: string) {
  const [total, active] = await Promise.all([prisma.hotword.count({ where: { userId } }), prisma.hotword.count({ where: { userId, enabled: true } })]);
  return { total, active, remaining: Math.max(0, MAX_HOTWORDS - total), limit: MAX_HOTWORDS };
}

export async function listHotwords(userId: string) {
  await assertMember(userId);
  const items = await prisma.hotword.findMany({ where: { userId }, select: hotwordSelect, orderBy: { createdAt: "desc" } });
  return { items, summary: await hotwordSummary(userId) };
}

export async function getHotwordSummary(userId: string) {
  await assertMember(userId);
  return hotwordSummary(userId);
}

/** Validates one hotword, turning each rule into its catalogue error. */
function validated(raw: string) {
  const checked = checkHotword(raw);
  if (!checked.ok) throw checked.problem === "empty" ? new AppError("hotwords.textRequired") : new AppError("hotwords.tooLong", { text: raw.trim().slice(0, 60) });
  return checked;
}

async function insert(userId: string, raw: string) {
  const { text, language } = validated(raw);
  if ((await prisma.hotword.count({ where: { userId } })) >= MAX_HOTWORDS) throw new AppError("hotwords.limitReached", { limit: MAX_HOTWORDS });
  const existing = await prisma.hotword.findUnique({ where: { userId_text: { userId, text } }, select: { id: true } });
  if (existing) throw new AppError("hotwords.duplicate", { text });
  return prisma.hotword.create({ data: { userId, text, language }, select: hotwordSelect });
}

export async function createHotword(userId: string, text: string) {
  await assertMember(userId);
  return { hotword: await insert(userId, text), summary: await hotwordSummary(userId) };
}

/** One per line; each line is checked on its own, so a batch can partly succeed. */
export async function createHotwordBatch(userId: string, input: string, locale: string) {
  await assertMember(userId);
  const lines = batchLines(input);
  if (lines.length === 0) throw new AppError("hotwords.batchEmpty");
  const { t } = await translatorFor(locale);
  const created: Awaited<ReturnType<typeof insert>>[] = [];
  const failed: { text: string; error: string; message: string }[] = [];
  for (const line of lines) {
    try {
      created.push(await insert(userId, line));
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      failed.push({ text: line, error: e.key, message: t(`errors.${e.key}`, e.params) });
    }
  }
  return { created: created.length, failed: failed.length, items: created, failures: failed, summary: await hotwordSummary(userId) };
}

export async function updateHotword(userId: string, id: string, change: { enabled?: boolean; text?: string }) {
  await assertMember(userId);
  const found = await prisma.hotword.findFirst({ where: { id, userId }, select: { id: true, text: true } });
  if (!found) throw new AppError("hotwords.notFound");
  const data: { enabled?: boolean; text?: string; language?: "zh" | "en" } = {};
  if (change.enabled !== undefined) data.enabled = change.enabled;
  if (change.text !== undefined) {
    const { text, language } = validated(change.text);
    if (text !== found.text && (await prisma.hotword.findUnique({ where: { userId_text: { userId, text } }, select: { id: true } }))) throw new AppError("hotwords.duplicate", { text });
    Object.assign(data, { text, language });
  }
  const hotword = await prisma.hotword.update({ where: { id }, data, select: hotwordSelect });
  return { hotword, summary: await hotwordSummary(userId) };
}

export async function deleteHotword(userId: string, id: string) {
  await assertMember(userId);
  const { count } = await prisma.hotword.deleteMany({ where: { id, userId } });
  if (count === 0) throw new AppError("hotwords.notFound");
  return { summary: await hotwordSummary(userId) };
}
