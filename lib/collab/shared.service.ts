import "server-only";
import { getProgressMany } from "@/lib/jobs/progress";
import { prisma } from "@/lib/server/prisma";
import { showsProgress, taskSummarySelect, toTaskSummary } from "@/lib/tasks/task.serializer";

/**
 * "Shared with me": tasks the caller collaborates on (not deleted), the most
 * recently shared first, each with its owner's name. The owner's folder is the
 * owner's own filing and is not shown.
 */
export async function listSharedWithMe(userId: string, q: { page: number; page_size: number }) {
  const where = { userId, isOwner: false, task: { deletedAt: null, userId: { not: userId } } };
  const [rows, total] = await Promise.all([
    prisma.collaborator.findMany({
      where,
      select: { createdAt: true, task: { select: { ...taskSummarySelect, user: { select: { username: true } } } } },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (q.page - 1) * q.page_size,
      take: q.page_size,
    }),
    prisma.collaborator.count({ where }),
  ]);
  const progress = await getProgressMany(rows.filter((r) => showsProgress(r.task.status)).map((r) => r.task.id));
  const items = rows.map(({ task, createdAt }) => ({
    ...toTaskSummary(task, progress.get(task.id)),
    folder: null,
    access: { role: "collaborator" as const, ownerName: task.user.username, sharedAt: createdAt.toISOString() },
  }));
  return { items, total, page: q.page, page_size: q.page_size };
}
