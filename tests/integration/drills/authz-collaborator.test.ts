import { setupTestDatabase } from "@/tests/helpers/db";
import { prisma } from "@/lib/server/prisma";
import { createOwnerResources, ownerSnapshot, type Owned } from "@/scripts/drills/authz-matrix";
import { runCollaboratorMatrix } from "@/scripts/drills/authz-collaborator";

// A collaborator C on A's task reads it but cannot delete, rename, share or
// manage collaborators, nor reach A's other things: every route, called by C.
jest.setTimeout(120_000);

let a: Owned;

beforeAll(async () => {
  await setupTestDatabase();
  a = await createOwnerResources();
  // Pro, so refusals come from the role, not from the plan.
  await prisma.user.update({ where: { id: a.collaborator.userId }, data: { planCode: "pro" } });
});

it("a collaborator reads the shared task and is refused everything the owner alone may do, and A's data is untouched", async () => {
  const before = await ownerSnapshot(a);
  const rows = await runCollaboratorMatrix(a);
  const after = await ownerSnapshot(a);
  expect(rows.length).toBeGreaterThanOrEqual(40);
  const failures = rows.filter((r) => r.problem).map((r) => `${r.key}: ${r.problem}`);
  expect(failures).toEqual([]);
  expect(after).toBe(before);
  const byKey = new Map(rows.map((r) => [r.key, r]));
  // The owner-only actions, spelled out: delete, share, manage collaborators.
  for (const key of ["POST /api/transcription/tasks/delete-batch", "POST /api/collaboration/documents/[id]/collaborators", "DELETE /api/collaboration/documents/[id]/collaborators/[userId]"]) {
    expect(byKey.get(key)?.code).not.toBe(200);
  }
  for (const key of ["POST /api/transcription/tasks/[id]/share", "PUT /api/transcription/tasks/[id]/share_toggle"]) {
    if (byKey.has(key)) expect(byKey.get(key)?.code).not.toBe(200);
  }
  expect(byKey.get("POST /api/collaboration/documents/[id]/collaborators")?.errorKey).toBe("collab.onlyOwner");
  expect(byKey.get("GET /api/transcription/tasks/[id]")?.code).toBe(200);
  expect(await prisma.task.count({ where: { id: a.completedTask, deletedAt: null } })).toBe(1);
});
