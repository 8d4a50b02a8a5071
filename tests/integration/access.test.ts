import path from "node:path";
import { POST as create } from "@/app/api/transcription/create/route";
import { POST as merge } from "@/app/api/transcription/merge-transcribe/route";
import { POST as start } from "@/app/api/transcription/start-transcription/[id]/route";
import { GET as listTasks } from "@/app/api/transcription/tasks/route";
import { GET as getTask } from "@/app/api/transcription/tasks/[id]/route";
import { GET as mediaUrl } from "@/app/api/transcription/tasks/[id]/media-url/route";
import { PUT as editSpeakers } from "@/app/api/transcription/[id]/edit-speaker-names/route";
import { PUT as editEntries } from "@/app/api/transcription/[id]/edit/route";
import { PUT as editTitle } from "@/app/api/transcription/[id]/edit-title/route";
import { POST as redetect } from "@/app/api/transcription/[id]/redetect-speakers/route";
import { POST as deleteBatch } from "@/app/api/transcription/tasks/delete-batch/route";
import { GET as media } from "@/app/api/media/[taskId]/route";
import { GET as usage } from "@/app/api/usage/route";
import { GET as getUser } from "@/app/api/auth/user/route";
import { POST as logout } from "@/app/api/auth/logout/route";
import { PUT as putLanguage } from "@/app/api/auth/user/language/route";
import { PUT as putPreferences } from "@/app/api/auth/user/preferences/route";
import { prisma } from "@/lib/server/prisma";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call, CORPUS, formWithFiles } from "@/tests/helpers/api";
import { signIn } from "@/tests/helpers/users";

let owner: Awaited<ReturnType<typeof signIn>>;
let other: Awaited<ReturnType<typeof signIn>>;
let taskId: string;

beforeAll(async () => {
  await setupTestDatabase();
  owner = await signIn("owner");
  other = await signIn("other");
  // Created without queueing: this file checks who may touch it, not the pipeline.
  const form = await formWithFiles([{ path: path.join(CORPUS, "single/en_cards_002.wav") }], { start: "false" });
  const res = await call<{ tasks: { id: string }[] }>(create, { token: owner.token, form });
  taskId = res.data.tasks[0]!.id;
  const speaker = await prisma.speaker.create({ data: { taskId, label: "spk_0", name: "Speaker 1", position: 0 } });
  await prisma.timelineEntry.create({ data: { taskId, position: 0, begin: 0, end: 1000, text: "four queen of clubs", speakerId: speaker.id } });
});

const idRoutes = [
  ["GET task", getTask, "GET", undefined],
  ["GET media-url", mediaUrl, "GET", undefined],
  ["POST start-transcription", start, "POST", undefined],
  ["PUT edit", editEntries, "PUT", { entries: [{ index: 0, text: "mine now" }] }],
  ["PUT edit-title", editTitle, "PUT", { title: "mine now" }],
  ["PUT edit-speaker-names", editSpeakers, "PUT", { speakers: [{ id: "x", name: "mine" }] }],
  ["POST redetect-speakers", redetect, "POST", { speakerCount: 2 }],
] as const;

describe("another signed-in user gets nothing of yours", () => {
  it.each(idRoutes)("%s answers not found", async (_name, handler, method, json) => {
    const res = await call(handler as never, { token: other.token, method, params: { id: taskId }, json });
    expect(res.code).toBe(404);
    expect(res.data).toMatchObject({ error: "tasks.notFound" });
  });

  it("does not list it, and cannot delete it", async () => {
    const list = await call<{ items: { id: string }[]; total: number }>(listTasks, { token: other.token });
    expect(list.data.items.map((t) => t.id)).not.toContain(taskId);
    expect(list.data.total).toBe(0);
    const del = await call(deleteBatch, { token: other.token, json: { ids: [taskId] } });
    expect(del.code).toBe(404);
    expect(await prisma.task.count({ where: { id: taskId } })).toBe(1);
  });

  it("leaves the owner's data as it was", async () => {
    const mine = await call<{ title: string; timeline: { text: string }[]; speakers: { name: string }[] }>(getTask, {
      token: owner.token,
      params: { id: taskId },
    });
    expect(mine.data.title).toBe("en_cards_002");
    expect(mine.data.timeline[0]!.text).toBe("four queen of clubs");
    expect(mine.data.speakers[0]!.name).toBe("Speaker 1");
  });

  it("cannot fetch the media without the owner's signed URL", async () => {
    const forged = await call(media, { params: { taskId }, query: { exp: String(Date.now() + 60_000), sig: "AAAA" } });
    expect(forged.status).toBe(403);
    const signed = await call<{ url: string }>(mediaUrl, { token: owner.token, params: { id: taskId } });
    const u = new URL(signed.data.url, "http://localhost");
    const { NextRequest } = await import("next/server");
    const res = await media(new NextRequest(new URL(u.pathname + u.search, "http://localhost"), { headers: { range: "bytes=0-43" } }), {
      params: Promise.resolve({ taskId }),
    });
    expect(res.status).toBe(206);
    expect((await res.arrayBuffer()).byteLength).toBe(44);
  });
});

describe("nobody signed in gets 401 from every route", () => {
  const all = [
    ...idRoutes.map(([name, handler, method]) => [name, handler, method] as const),
    ["GET tasks", listTasks, "GET"],
    ["POST create", create, "POST"],
    ["POST merge", merge, "POST"],
    ["POST delete-batch", deleteBatch, "POST"],
    ["GET usage", usage, "GET"],
    ["GET user", getUser, "GET"],
    ["POST logout", logout, "POST"],
    ["PUT language", putLanguage, "PUT"],
    ["PUT preferences", putPreferences, "PUT"],
  ] as const;
  it.each(all)("%s", async (_name, handler, method) => {
    const res = await call(handler as never, { method, params: { id: taskId }, json: method === "GET" ? undefined : {} });
    expect(res.status).toBe(401);
    expect(res.message).toBe("Unauthorized or login expired");
  });
});
