// The hot paths the load bench (bench/load.ts) made cheaper still prove who is asking on every request:
// authentication reads session and user in one query, and nothing about a caller is cached; only the
// health report is reused, for at most a second.
import { GET as listTasks } from "@/app/api/transcription/tasks/route";
import { GET as health } from "@/app/api/health/route";
import { prisma } from "@/lib/server/prisma";
import { redis } from "@/lib/server/redis";
import { heartbeatKey } from "@/lib/jobs/contract";
import { forgetHealthReport, HEALTH_CACHE_MS } from "@/lib/ops/health";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call } from "@/tests/helpers/api";
import { signIn } from "@/tests/helpers/users";
import { authenticate } from "@/lib/auth/session";
import { publicUserSelect } from "@/lib/auth/users";

beforeAll(async () => {
  await setupTestDatabase();
});

type TaskList = { items: { id: string; title: string }[]; total: number };

async function taskFor(userId: string, title: string) {
  return prisma.task.create({ data: { userId, title, status: "completed" }, select: { id: true } });
}

test("each request is authenticated afresh: own tasks only, and a revoked or expired session is refused at once", async () => {
  const ada = await signIn("hotada");
  const bob = await signIn("hotbob");
  await taskFor(ada.userId, "ada's meeting");
  await taskFor(bob.userId, "bob's meeting");

  const adaList = await call<TaskList>(listTasks, { token: ada.token });
  expect([adaList.status, adaList.data.items.map((t) => t.title)]).toEqual([200, ["ada's meeting"]]);
  const bobList = await call<TaskList>(listTasks, { token: bob.token });
  expect(bobList.data.items.map((t) => t.title)).toEqual(["bob's meeting"]);

  // Revoked a moment after a successful request: the very next one is refused (no cached caller).
  await prisma.session.updateMany({ where: { userId: ada.userId }, data: { revokedAt: new Date() } });
  expect((await call(listTasks, { token: ada.token })).status).toBe(401);

  // Expired: refused too, while another user's session keeps working.
  await prisma.session.updateMany({ where: { userId: bob.userId }, data: { expiresAt: new Date(Date.now() - 1000) } });
  expect((await call(listTasks, { token: bob.token })).status).toBe(401);
  expect((await call(listTasks)).status).toBe(401);
});

test("the caller read in one statement carries exactly the public user's fields, typed as Prisma reads them", async () => {
  const dee = await signIn("hotdee");
  await prisma.user.update({ where: { id: dee.userId }, data: { bonusMinutes: 7, summaryLanguage: "de", edition: "china" } });
  // Asked on the account's own edition (on the other one it is refused: tests/integration/editions.test.ts).
  const caller = await authenticate(`Bearer ${dee.token}`, { locale: "en", edition: "china" });
  const expected = await prisma.user.findUnique({ where: { id: dee.userId }, select: publicUserSelect });
  expect(caller?.user).toEqual(expected);
  expect(caller?.user.createdAt).toBeInstanceOf(Date);
  expect(caller?.deviceId).toBe(dee.deviceId);
  // A tampered token is refused.
  expect(await authenticate(`Bearer ${dee.token}x`, { locale: "en", edition: "china" })).toBeNull();
});

test("a deleted user's token stops working on the next request", async () => {
  const cy = await signIn("hotcy");
  expect((await call(listTasks, { token: cy.token })).status).toBe(200);
  await prisma.user.delete({ where: { id: cy.userId } });
  expect((await call(listTasks, { token: cy.token })).status).toBe(401);
});

test("the health report is reused for at most a second, then probed again", async () => {
  forgetHealthReport();
  await redis().del(heartbeatKey());
  const first = await call<{ worker: { alive: boolean; state: string } }>(health);
  expect([first.status, first.data.worker.state]).toEqual([200, "down"]);

  // The worker beats now: within the reuse window health still shows the last report...
  await redis().set(heartbeatKey(), JSON.stringify({ at: Date.now() }));
  const cached = await call<{ worker: { state: string } }>(health);
  expect(cached.data.worker.state).toBe("down");

  // ...and after it, the fresh state.
  await new Promise((r) => setTimeout(r, HEALTH_CACHE_MS + 50));
  await redis().set(heartbeatKey(), JSON.stringify({ at: Date.now() }));
  const fresh = await call<{ worker: { state: string } }>(health);
  expect(fresh.data.worker.state).toBe("ok");
  await redis().del(heartbeatKey());
});
