// A database that cannot be reached is a 503 "service unavailable" whichever way it was asked: Prisma reports
// it as P1001 for a model query but as P2010 for a raw one (the session lookup and the task list are raw).
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/server/generated/prisma/client";
import { fail } from "@/lib/api/respond";

// Nothing listens on port 1: the real adapter fails to connect, as it does while PostgreSQL is down.
const unreachable = new PrismaClient({ adapter: new PrismaPg({ connectionString: "postgresql://postgres@127.0.0.1:1/none" }) });

afterAll(() => unreachable.$disconnect());

async function answerTo(query: () => Promise<unknown>) {
  const error = await query().then(
    () => null,
    (e: unknown) => e,
  );
  const res = await fail(error, "de");
  return { status: res.status, body: (await res.json()) as { code: number; data: { error: string }; message: string } };
}

test.each([
  ["a raw query", () => unreachable.$queryRaw`select 1`],
  ["a model query", () => unreachable.user.findFirst()],
])("%s against an unreachable database answers 503 in the caller's language", async (_, query) => {
  const { status, body } = await answerTo(query);
  expect([status, body.code, body.data.error]).toEqual([503, 503, "common.serviceUnavailable"]);
  expect(body.message).not.toMatch(/Service unavailable/i);
});
