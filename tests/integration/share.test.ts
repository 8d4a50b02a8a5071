import { GET as getShare, POST as createShare } from "@/app/api/transcription/tasks/[id]/share/route";
import { PUT as toggleShare } from "@/app/api/transcription/tasks/[id]/share_toggle/route";
import { GET as viewByLink } from "@/app/api/transcription/share/[date]/[slugToken]/route";
import { GET as viewByTitle } from "@/app/api/transcription/tasks/title/[title]/[date]/route";
import { mindMapFromMarkdown } from "@/lib/analysis/mindmap";
import { AppError } from "@/lib/server/errors";
import { prisma, Prisma } from "@/lib/server/prisma";
import { isShareToken, tokenFromSegment } from "@/lib/sharing/share-link";
import { SHARED_VIEW_KEYS, previewText } from "@/lib/sharing/shared-view";
import { loadSharePage, sharePageMetadata } from "@/lib/sharing/share-page";
import { asShareFailure, tokenHash, type ShareState } from "@/lib/sharing/sharing.service";
import { call } from "@/tests/helpers/api";
import { setupTestDatabase } from "@/tests/helpers/db";
import { MEETING, seedTranscribedTask } from "@/tests/helpers/tasks";
import { signIn } from "@/tests/helpers/users";

// Share links (issue 10; docs/sharing.md): who may share, switching a link off and on, and the share error messages.
let owner: Awaited<ReturnType<typeof signIn>>;
let helper: Awaited<ReturnType<typeof signIn>>;
let stranger: Awaited<ReturnType<typeof signIn>>;

const SUMMARY = "# Launch review\n\n## Decisions\n\n- Fix the *battery* drain before March\n\n## Action items\n\n- Maria sends the report by Friday\n";

async function analyzedTask(userId: string, title: string, summary = SUMMARY) {
  const id = await seedTranscribedTask(userId, title, MEETING);
  await prisma.task.update({
    where: { id },
    data: { status: "analysis_completed", summary, summaryLanguage: "en", mindMap: mindMapFromMarkdown(summary, title) as unknown as Prisma.InputJsonValue },
  });
  return id;
}

const lastSegment = (path: string) => path.split("/").at(-1)!;
const dateSegment = (path: string) => path.split("/").at(-2)!;
const view = (share: ShareState, locale = "en") => call(viewByLink, { params: { date: dateSegment(share.path), slugToken: lastSegment(share.path) }, headers: { "x-locale": locale } });

beforeAll(async () => {
  await setupTestDatabase();
  [owner, helper, stranger] = await Promise.all([signIn("share-owner"), signIn("share-helper"), signIn("share-stranger")]);
});

test("a task without a finished AI summary cannot be shared", async () => {
  const id = await seedTranscribedTask(owner.userId, "Not analysed yet", MEETING);
  const res = await call(createShare, { token: owner.token, params: { id } });
  expect(res).toMatchObject({ status: 400, code: 400, message: "This content has not been analyzed yet; create the AI summary before sharing", data: { error: "share.notAnalyzed" } });
  await prisma.task.update({ where: { id }, data: { status: "analyzing", summary: "old" } });
  expect((await call(createShare, { token: owner.token, params: { id } })).data).toMatchObject({ error: "share.notAnalyzed" });
  expect(await prisma.share.count({ where: { taskId: id } })).toBe(0);
});

test("the owner creates one link with 144 random bits; asking again answers the same link", async () => {
  const id = await analyzedTask(owner.userId, "Launch review: Q3");
  expect((await call(getShare, { token: owner.token, params: { id } })).data).toEqual({ share: null });
  const res = await call<ShareState>(createShare, { token: owner.token, params: { id } });
  expect(res.code).toBe(200);
  expect(res.data).toMatchObject({ status: "enabled", enabled: true, allowIndexing: false });
  expect(res.data.path).toMatch(/^\/transcribe\/show\/\d{4}-\d{2}-\d{2}\/launch-review-q3-[A-Za-z0-9_-]{24}$/);
  expect(res.data.url.endsWith(res.data.path)).toBe(true);
  const token = tokenFromSegment(lastSegment(res.data.path))!;
  expect(isShareToken(token)).toBe(true);
  expect(Buffer.from(token, "base64url")).toHaveLength(18);
  // Looked up through its hash only.
  const row = await prisma.share.findUniqueOrThrow({ where: { taskId: id } });
  expect(row.tokenHash).toBe(tokenHash(token));
  expect(row.tokenHash).not.toContain(token);
  const again = await call<ShareState>(createShare, { token: owner.token, params: { id } });
  expect(again.data).toEqual(res.data);
  expect((await call(getShare, { token: owner.token, params: { id } })).data).toEqual({ share: res.data });
  // Concurrent creations of another task's link agree on one link.
  const other = await analyzedTask(owner.userId, "Double click");
  const both = await Promise.all([call<ShareState>(createShare, { token: owner.token, params: { id: other } }), call<ShareState>(createShare, { token: owner.token, params: { id: other } })]);
  expect(both[0].data.path).toBe(both[1].data.path);
  expect(await prisma.share.count({ where: { taskId: other } })).toBe(1);
});

test("only the owner shares: a collaborator is denied, anyone else finds no task, nobody signed in fails authentication", async () => {
  const id = await analyzedTask(owner.userId, "Owner only");
  await prisma.collaborator.create({ data: { taskId: id, userId: helper.userId } });
  await call(createShare, { token: owner.token, params: { id } });
  for (const [handler, json] of [[getShare, undefined], [createShare, undefined], [toggleShare, { enabled: false }]] as const) {
    const method = handler === toggleShare ? "PUT" : handler === getShare ? "GET" : "POST";
    const byHelper = await call(handler, { method, token: helper.token, params: { id }, json });
    expect(byHelper).toMatchObject({ status: 403, message: "Permission denied: only the owner can share this task", data: { error: "share.permissionDenied" } });
    const byStranger = await call(handler, { method, token: stranger.token, params: { id }, json });
    expect(byStranger).toMatchObject({ status: 400, code: 404, message: "Task not found or deleted", data: { error: "share.taskNotFound" } });
    const byNobody = await call(handler, { method, params: { id }, json });
    expect(byNobody).toMatchObject({ status: 401, message: "Authentication failed, please sign in again", data: { error: "share.authFailed" } });
  }
  expect((await prisma.share.findUniqueOrThrow({ where: { taskId: id } })).enabled).toBe(true);
});

test("the viewer API needs no sign-in and answers exactly title, summary, mind map, date and language", async () => {
  const id = await analyzedTask(owner.userId, "Viewer fields");
  const share = (await call<ShareState>(createShare, { token: owner.token, params: { id } })).data;
  const res = await view(share);
  expect(res.code).toBe(200);
  expect(Object.keys(res.data as object).sort()).toEqual([...SHARED_VIEW_KEYS].sort());
  expect(res.data).toMatchObject({ title: "Viewer fields", summary: SUMMARY, date: dateSegment(share.path), language: "en" });
  const map = (res.data as { mindMap: { content: string; children: unknown[] } }).mindMap;
  expect(map.content).toBe("Launch review");
  expect(JSON.stringify(map)).toContain("Decisions");
  // Nothing else: no transcript line, speaker, recording, user or task id.
  const text = JSON.stringify(res);
  for (const line of MEETING) expect(text).not.toContain(line.text);
  for (const secret of ["Speaker 1", id, owner.userId, owner.email, "mediaKey", "timeline", "fullText", "translation"]) expect(text).not.toContain(secret);
  // The title/date route answers the same view; only the token counts, not the slug or date.
  const token = tokenFromSegment(lastSegment(share.path))!;
  const byTitle = await call(viewByTitle, { params: { title: lastSegment(share.path), date: dateSegment(share.path) } });
  expect(byTitle.data).toEqual(res.data);
  expect((await call(viewByTitle, { params: { title: token, date: "1999-01-01" } })).data).toEqual(res.data);
  expect((await call(viewByLink, { params: { date: "x", slugToken: `another-title-${token}` } })).data).toEqual(res.data);
  // A signed-in stranger sees the same and no more.
  expect((await call(viewByLink, { token: stranger.token, params: { date: "x", slugToken: token } })).data).toEqual(res.data);
});

test("a title and a date alone reveal nothing; two users with one title never collide", async () => {
  const mine = await analyzedTask(owner.userId, "Weekly sync", "# Weekly sync\n\n- Owner's notes\n");
  const theirs = await analyzedTask(stranger.userId, "Weekly sync", "# Weekly sync\n\n- Stranger's notes\n");
  const a = (await call<ShareState>(createShare, { token: owner.token, params: { id: mine } })).data;
  const b = (await call<ShareState>(createShare, { token: stranger.token, params: { id: theirs } })).data;
  expect(a.path).not.toBe(b.path);
  expect(dateSegment(a.path)).toBe(dateSegment(b.path));
  expect(((await view(a)).data as { summary: string }).summary).toContain("Owner's notes");
  expect(((await view(b)).data as { summary: string }).summary).toContain("Stranger's notes");
  const invalid = { status: 400, code: 404, message: "The share link is invalid or has expired", data: { error: "share.linkInvalid" } };
  expect(await call(viewByTitle, { params: { title: "weekly-sync", date: dateSegment(a.path) } })).toMatchObject(invalid);
  expect(await call(viewByLink, { params: { date: dateSegment(a.path), slugToken: "weekly-sync" } })).toMatchObject(invalid);
  expect(await call(viewByLink, { params: { date: dateSegment(a.path), slugToken: `weekly-sync-${"A".repeat(24)}` } })).toMatchObject(invalid);
});

test("switched off, the link answers 'content not found' at once; switched on, the same URL works again", async () => {
  const id = await analyzedTask(owner.userId, "Toggle me");
  const share = (await call<ShareState>(createShare, { token: owner.token, params: { id } })).data;
  const off = await call<ShareState>(toggleShare, { method: "PUT", token: owner.token, params: { id }, json: { enabled: false } });
  expect(off.data).toMatchObject({ status: "disabled", enabled: false, path: share.path });
  expect(await view(share)).toMatchObject({ status: 400, code: 404, message: "Content not found on this host (the publisher may have disabled sharing)", data: { error: "share.disabled" } });
  expect((await view(share, "zh")).message).toBe("此主机上未找到该内容（发布者可能已关闭分享）");
  // POST while off answers the link as it is (still off).
  expect((await call<ShareState>(createShare, { token: owner.token, params: { id } })).data.enabled).toBe(false);
  // Without `enabled` the switch flips.
  const on = await call<ShareState>(toggleShare, { method: "PUT", token: owner.token, params: { id }, json: {} });
  expect(on.data).toEqual({ ...share, status: "enabled", enabled: true });
  expect((await view(share)).code).toBe(200);
  // The indexing opt-in leaves the switch alone.
  const indexed = await call<ShareState>(toggleShare, { method: "PUT", token: owner.token, params: { id }, json: { allowIndexing: true } });
  expect(indexed.data).toMatchObject({ enabled: true, allowIndexing: true, path: share.path });
  // Bad input is refused with the catalogue's message and changes nothing.
  const bad = await call(toggleShare, { method: "PUT", token: owner.token, params: { id }, json: { enabled: "yes" } });
  expect(bad).toMatchObject({ status: 400, data: { error: "common.invalidInput" } });
  expect((await prisma.share.findUniqueOrThrow({ where: { taskId: id } })).enabled).toBe(true);
  // Toggling a task that has no link yet: the link is invalid.
  const bare = await analyzedTask(owner.userId, "No link yet");
  expect((await call(toggleShare, { method: "PUT", token: owner.token, params: { id: bare }, json: { enabled: true } })).data).toMatchObject({ error: "share.linkInvalid" });
});

test("a deleted task's link is invalid", async () => {
  const id = await analyzedTask(owner.userId, "Soon deleted");
  const share = (await call<ShareState>(createShare, { token: owner.token, params: { id } })).data;
  await prisma.task.update({ where: { id }, data: { deletedAt: new Date() } });
  expect((await view(share)).data).toMatchObject({ error: "share.linkInvalid" });
});

test("unexpected failures become the action's own message", async () => {
  for (const key of ["share.createFailed", "share.toggleFailed", "share.serverError"] as const) {
    await expect(asShareFailure(key, () => Promise.reject(new Error("boom")))).rejects.toMatchObject({ key });
  }
  await expect(asShareFailure("share.createFailed", () => Promise.reject(new AppError("share.notAnalyzed")))).rejects.toMatchObject({ key: "share.notAnalyzed" });
});

test("share pages carry Open Graph and Twitter cards, and are noindex unless the owner opts in", async () => {
  const id = await analyzedTask(owner.userId, "Preview me");
  const share = (await call<ShareState>(createShare, { token: owner.token, params: { id } })).data;
  const token = tokenFromSegment(lastSegment(share.path));
  const texts = { unavailable: "Not available", errorMessage: "", appName: "Tingji" };
  const page = await loadSharePage(token);
  expect(page.ok).toBe(true);
  const meta = sharePageMetadata(page, share.path, texts);
  expect(meta).toMatchObject({ title: "Preview me", description: previewText(SUMMARY), referrer: "no-referrer", robots: { index: false, follow: false } });
  expect(meta.description).toBe("Launch review Decisions Fix the battery drain before March Action items Maria sends the report by Friday");
  expect(meta.openGraph).toMatchObject({ title: "Preview me", description: meta.description, url: share.url });
  expect(meta.twitter).toMatchObject({ card: "summary", title: "Preview me", description: meta.description });
  await call(toggleShare, { method: "PUT", token: owner.token, params: { id }, json: { allowIndexing: true } });
  expect(sharePageMetadata(await loadSharePage(token), share.path, texts).robots).toEqual({ index: true, follow: true });
  await call(toggleShare, { method: "PUT", token: owner.token, params: { id }, json: { enabled: false } });
  const off = await loadSharePage(token);
  expect(off).toEqual({ ok: false, error: "share.disabled" });
  expect(sharePageMetadata(off, share.path, { ...texts, errorMessage: "x" })).toMatchObject({ title: "Not available", robots: { index: false } });
  expect(await loadSharePage("not-a-token")).toEqual({ ok: false, error: "share.linkInvalid" });
});

test("hostile link segments get a catalogue message in the caller's language and no lookup", async () => {
  const long = await call(viewByLink, { params: { date: "2026-11-25", slugToken: "x".repeat(401) }, headers: { "x-locale": "zh" } });
  expect(long).toMatchObject({ status: 400, data: { error: "common.invalidInput" } });
  expect(long.message).toMatch(/[\u4e00-\u9fff]/);
  const control = await call(viewByTitle, { params: { title: "weekly\u0000sync", date: "2026-11-25" } });
  expect(control).toMatchObject({ status: 400, data: { error: "common.invalidCharacters" } });
  for (const b of ["../../etc/passwd", "%00", "' OR 1=1 --", "😀".repeat(30)]) {
    expect((await call(viewByLink, { params: { date: "x", slugToken: b } })).data).toMatchObject({ error: "share.linkInvalid" });
  }
});
