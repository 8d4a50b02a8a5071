/**
 * The load bench's database (bench/load.ts): tingji_bench_load, 100 users with 100
 * finished tasks each (10,000), 20 timeline entries per task (200,000), a summary on
 * every task, one share link in twenty, and one signed-in session per user.
 * Rows go in with one INSERT … SELECT per table; the tokens are real access tokens
 * minted with the bench server's AUTH_SECRET, so each request pays the app's real
 * authentication cost.
 */
import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import { dropDatabase, migrate } from "@/lib/server/migrations";

export const USERS = 100;
export const TASKS_PER_USER = 100;
const ENTRIES_PER_TASK = 20;
const SHARE_EVERY = 20;

export interface LoadFixture {
  /** One bearer token per user, and the ids of that user's tasks. */
  users: { token: string; taskIds: string[] }[];
  /** Share tokens of shared tasks (the public view route takes "<slug>-<token>"). */
  shareTokens: string[];
}

const WORDS = "budget plan review launch quarter design hiring roadmap customer pricing meeting summary risk vendor contract sprint".split(" ");

const shareTokenHash = (token: string) => createHash("sha256").update(token, "utf8").digest("base64url");

export async function seedLoadDatabase(databaseUrl: string, authSecret: string, reseed: boolean): Promise<LoadFixture> {
  if (reseed) await dropDatabase(databaseUrl);
  await migrate({ databaseUrl });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const userIds = Array.from({ length: USERS }, (_, i) => `benchu${String(i).padStart(3, "0")}`);
    const have = Number((await client.query(`SELECT count(*) AS n FROM "Task"`)).rows[0].n);
    if (have < USERS * TASKS_PER_USER) {
      const t0 = Date.now();
      await client.query(`TRUNCATE "User", "Task", "Session", "Share", "TimelineEntry" CASCADE`);
      await client.query(
        `INSERT INTO "User" (id, email, username, "referralCode", "updatedAt")
         SELECT u, u || '@bench.test', 'bench ' || u, u, now() FROM unnest($1::text[]) AS u`,
        [userIds],
      );
      // Task n of user u: created n minutes apart, so the list's "newest first" order is real.
      await client.query(
        `INSERT INTO "Task" (id, "userId", title, status, "createTime", "updateTime", duration, language, summary, "summaryLanguage", "fullText")
         SELECT 'bencht' || u.n || '_' || t, u.id,
                initcap(($2::text[])[1 + (t % 16)]) || ' ' || initcap(($2::text[])[1 + ((t * 7) % 16)]) || ' #' || t,
                'completed', now() - make_interval(mins => (t + u.n)::int), now(), 600 + t, 'en',
                '## Summary' || E'\\n\\n' || '- ' || ($2::text[])[1 + (t % 16)] || ' agreed for the next ' || ($2::text[])[1 + ((t * 3) % 16)] || E'\\n- owners named\\n- follow-up on ' || ($2::text[])[1 + ((t * 5) % 16)],
                'en', repeat('we talked about the ' || ($2::text[])[1 + (t % 16)] || ' and the ' || ($2::text[])[1 + ((t * 11) % 16)] || '. ', 20)
         FROM unnest($1::text[]) WITH ORDINALITY AS u(id, n), generate_series(1, $3::int) AS t`,
        [userIds, WORDS, TASKS_PER_USER],
      );
      // The owner trigger fills "ownerId" (what search reads) exactly as in production.
      await client.query(
        `INSERT INTO "TimelineEntry" (id, "taskId", position, "begin", "end", text)
         SELECT t.id || '_' || p, t.id, p, p * 5000, p * 5000 + 4800,
                'we talked about the ' || ($1::text[])[1 + ((p + length(t.id)) % 16)] || ' and the ' || ($1::text[])[1 + (p % 16)] || ' for a while'
         FROM "Task" t, generate_series(0, $2::int - 1) AS p`,
        [WORDS, ENTRIES_PER_TASK],
      );
      const shared = (await client.query(`SELECT id, title FROM "Task" ORDER BY id`)).rows.filter((_, i) => i % SHARE_EVERY === 0);
      const tokens = shared.map(() => randomBytes(18).toString("base64url"));
      await client.query(
        `INSERT INTO "Share" (id, "taskId", token, "tokenHash", "slugDate", "slugTitle", "updatedAt")
         SELECT 'benchs' || n, t, tok, h, '2026-11-25', 'bench', now() FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS x(t, tok, h, n)`,
        [shared.map((s) => s.id), tokens, tokens.map(shareTokenHash)],
      );
      await client.query(`ANALYZE`);
      console.log(`seeded ${USERS * TASKS_PER_USER} tasks, ${USERS * TASKS_PER_USER * ENTRIES_PER_TASK} entries, ${shared.length} shares in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
    // Fresh sessions each run: tokens are minted with this run's AUTH_SECRET.
    process.env.AUTH_SECRET = authSecret;
    const { issueAccessToken, sha256 } = await import("@/lib/auth/tokens");
    await client.query(`DELETE FROM "Session"`);
    const users: LoadFixture["users"] = [];
    for (const userId of userIds) {
      const sid = `benchsess_${userId}`;
      const { token, expiresAt } = await issueAccessToken({ sub: userId, sid, did: "bench" });
      await client.query(`INSERT INTO "Session" (id, "userId", "deviceId", "tokenHash", "expiresAt") VALUES ($1, $2, 'bench', $3, $4)`, [sid, userId, sha256(token), expiresAt]);
      const taskIds = (await client.query(`SELECT id FROM "Task" WHERE "userId" = $1`, [userId])).rows.map((r) => r.id as string);
      users.push({ token, taskIds });
    }
    const shareTokens = (await client.query(`SELECT token FROM "Share"`)).rows.map((r) => r.token as string);
    return { users, shareTokens };
  } finally {
    await client.end();
  }
}
