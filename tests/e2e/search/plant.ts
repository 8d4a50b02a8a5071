import { Client } from "pg";
import { expect, type Page } from "playwright/test";
import { E2E_DATABASE_URL } from "../env";

// Shared by the search specs.

/** Gives two entries of the user's task words to find (the recognizer's own words are not predictable). */
export async function plantWords(email: string): Promise<{ taskId: string; late: number; middle: number }> {
  const db = new Client({ connectionString: E2E_DATABASE_URL });
  await db.connect();
  try {
    const { rows } = await db.query<{ task: string; position: number; begin: number }>(
      `SELECT e."taskId" AS task, e.position, e.begin FROM "TimelineEntry" e JOIN "Task" t ON t.id = e."taskId" JOIN "User" u ON u.id = t."userId"
       WHERE u.email = $1 AND e.begin > 0 ORDER BY e.position`,
      [email],
    );
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const late = rows.at(-1)!;
    const middle = rows[Math.floor((rows.length - 1) / 2)];
    await db.query(`UPDATE "TimelineEntry" SET text = $3 WHERE "taskId" = $1 AND position = $2`, [late.task, late.position, "We approved the <b>zebracorn</b> budget today."]);
    await db.query(`UPDATE "TimelineEntry" SET text = $3 WHERE "taskId" = $1 AND position = $2`, [middle.task, middle.position, "下周的预算会议改到周五。"]);
    return { taskId: late.task, late: late.begin, middle: middle.begin };
  } finally {
    await db.end();
  }
}

export const playerSeconds = (page: Page) => page.getByTestId("media-player").evaluate((el) => (el as HTMLMediaElement).currentTime);
