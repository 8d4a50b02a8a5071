import fs from "node:fs";
import { setupTestDatabase } from "@/tests/helpers/db";
import { signIn } from "@/tests/helpers/users";
import { call } from "@/tests/helpers/api";
import { POST as createKey } from "@/app/api/mcp/keys/route";
import { prisma } from "@/lib/server/prisma";
import { MEETING, seedTranscribedTask } from "@/tests/helpers/tasks";
import { createOwnerResources, matrixTable, ownerSnapshot, runAuthzMatrix, type Owned } from "@/scripts/drills/authz-matrix";
import { discoverRoutes } from "@/scripts/drills/routes";

// The authorization drill, whole (it is cheap): every route file's every
// method, called by a second signed-in user with the first user's ids, then
// with no token. `npm run drill:authz` runs this file and prints the table.
// 300 s: the matrix now holds about 160 route methods, and the machine it runs on is often shared.
jest.setTimeout(300_000);

let a: Owned;
let b: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  await setupTestDatabase();
  a = await createOwnerResources();
  b = await signIn("intruder-b");
  // B is Pro too, so refusals come from ownership, not from the plan.
  await prisma.user.update({ where: { id: b.userId }, data: { planCode: "pro" } });
});

it("finds the route files and their methods", () => {
  const routes = discoverRoutes();
  expect(routes.length).toBeGreaterThanOrEqual(40);
  expect(routes.find((r) => r.route === "/api/transcription/tasks/[id]")?.methods).toEqual(["GET"]);
  expect(routes.find((r) => r.route === "/api/hotwords/[id]")?.methods).toEqual(["PUT", "DELETE"]);
  for (const r of routes) expect(r.methods.length).toBeGreaterThan(0);
});

it("another user gets not-found/denied on every route, nobody gets past a non-public route, and A's data is untouched", async () => {
  const before = await ownerSnapshot(a);
  const ownTask = await seedTranscribedTask(b.userId, "B's own meeting", MEETING);
  // B's API key (read and write): the public API's program caller.
  const apiKey = (await call<{ key: string }>(createKey, { token: b.token, json: { name: "B's program", scopes: ["read", "write"] } })).data.key;
  expect(apiKey).toMatch(/^tj_key_/);
  const rows = await runAuthzMatrix(a, { token: b.token, apiKey, ownTask });
  expect(rows.filter((r) => r.with.startsWith("key:")).length).toBeGreaterThanOrEqual(20);
  const after = await ownerSnapshot(a);
  const table = matrixTable(rows, a);
  if (process.env.DRILL_REPORT) fs.writeFileSync(process.env.DRILL_REPORT, table + "\n");
  const failures = rows.filter((r) => r.problem).map((r) => `${r.method} ${r.route} (${r.caller}, ${r.with}): ${r.problem}`);
  expect(failures).toEqual([]);
  expect(after).toBe(before);
  // Every method of every route was called both ways.
  const routes = discoverRoutes();
  for (const r of routes) for (const m of r.methods) {
    expect(rows.some((row) => row.route === r.route && row.method === m && row.caller === "B")).toBe(true);
    expect(rows.some((row) => row.route === r.route && row.method === m && row.caller === "none")).toBe(true);
  }
});
