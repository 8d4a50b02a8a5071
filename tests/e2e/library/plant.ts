import { Client } from "pg";
import { expect } from "playwright/test";
import { E2E_DATABASE_URL } from "../env";

// The recognizer's own words are not predictable: the entries of the user's one recording get two
// topics of known text (weather in Chicago, then the client's pricing with a to-do), at their own times.

const WEATHER = [
  "The winter in Chicago was cold with heavy snow and icy wind.",
  "Snow closed the schools in Chicago for three days in January.",
  "The lake wind makes the Chicago winter feel colder than the snow.",
  "In New Jersey the winter snow melts faster than in Chicago.",
];
const PRICING = [
  "The client asked about the zebracorn pricing for the next quarter.",
  "Our zebracorn pricing offer gives the client ten percent off the invoice.",
  "Maria will send the pricing sheet to the client by Friday.",
  "The client budget for the pricing review is fifty thousand dollars.",
];

export async function plantTopics(email: string): Promise<{ taskId: string; entries: { position: number; begin: number }[] }> {
  const db = new Client({ connectionString: E2E_DATABASE_URL });
  await db.connect();
  try {
    const { rows } = await db.query<{ task: string; position: number; begin: number }>(
      `SELECT e."taskId" AS task, e.position, e.begin FROM "TimelineEntry" e JOIN "Task" t ON t.id = e."taskId" JOIN "User" u ON u.id = t."userId"
       WHERE u.email = $1 ORDER BY e.position`,
      [email],
    );
    expect(rows.length).toBeGreaterThanOrEqual(4);
    const half = Math.ceil(rows.length / 2);
    for (const [k, row] of rows.entries()) {
      const lines = k < half ? WEATHER : PRICING;
      const i = k < half ? k : k - half;
      // Each entry two sentences, so each topic has enough of them to be told apart.
      const text = `${lines[(2 * i) % lines.length]} ${lines[(2 * i + 1) % lines.length]}`;
      await db.query(`UPDATE "TimelineEntry" SET text = $3 WHERE "taskId" = $1 AND position = $2`, [row.task, row.position, text]);
    }
    return { taskId: rows[0]!.task, entries: rows.map((r) => ({ position: r.position, begin: r.begin })) };
  } finally {
    await db.end();
  }
}
