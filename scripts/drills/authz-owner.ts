// The owner side of the authorization drills (authz-matrix.ts, authz-collaborator.ts):
// user A with one of each kind of resource, the strings only A's data holds, and a
// snapshot of A's state to show that nothing another caller did changed it.
import path from "node:path";
import { POST as create } from "@/app/api/transcription/create/route";
import { POST as pasteText } from "@/app/api/transcription/paste-text/route";
import { POST as addHotword } from "@/app/api/hotwords/route";
import { POST as ask } from "@/app/api/ask-ai/route";
import { POST as flashback } from "@/app/api/ask-ai/flashback-learning/start/route";
import { GET as history } from "@/app/api/ask-ai/history/[id]/route";
import { GET as getTask } from "@/app/api/transcription/tasks/[id]/route";
import { GET as listHotwords } from "@/app/api/hotwords/route";
import { POST as addCollaborator } from "@/app/api/collaboration/documents/[id]/collaborators/route";
import { POST as createFolder, GET as listFolders } from "@/app/api/folder/route";
import { POST as moveToFolder } from "@/app/api/folder/[id]/move/route";
import { POST as createLiveSession } from "@/app/api/live/sessions/route";
import { POST as createShareLink } from "@/app/api/transcription/tasks/[id]/share/route";
import { POST as createMcpKey } from "@/app/api/mcp/keys/route";
import { prisma } from "@/lib/server/prisma";
import { call, callStream, CORPUS, formWithFiles } from "@/tests/helpers/api";
import { MEETING, seedTranscribedTask } from "@/tests/helpers/tasks";
import { signIn } from "@/tests/helpers/users";
import { visitorKeyOf } from "@/lib/tools/visitor";

export interface Owned {
  user: Awaited<ReturnType<typeof signIn>>;
  completedTask: string;
  uploadedTask: string;
  pastedTask: string;
  speaker: string;
  hotword: string;
  /** A's voice profile (lib/voice-profiles), with one embedding; its name is one of the secrets. */
  voiceProfile: string;
  /** A's MCP key (its id); the key itself is one of the secrets. */
  mcpKey: string;
  /** A's webhook endpoint and one logged delivery of it; the endpoint's secret is one of the secrets. */
  webhook: string;
  webhookDelivery: string;
  /** A's folder, holding A's completed task. */
  folder: string;
  quiz: string;
  question: string;
  /** C, a collaborator on A's completed task (scripts/drills/authz-collaborator.ts checks what C may do). */
  collaborator: Awaited<ReturnType<typeof signIn>>;
  /** A's analysed task with a live share link, and that link's last URL segment ("<slug>-<token>"). */
  sharedTask: string;
  shareSegment: string;
  /** A's transcript of the tools site's transcript tool. */
  toolTranscript: string;
  /** A's media tools files: one of A's account, one of A's browser signed out (visitor cookie below). */
  mediaFile: string;
  visitorMediaFile: string;
  /** A's live recording session (docs/live.md): its id is the session's token. */
  liveSession: string;
  /** A's push-notification device (its endpoint is one of the secrets). */
  pushDevice: string;
  /** Strings only A's data contains: titles, texts, email. */
  secrets: string[];
}

/** A's visitor cookie (A's browser while signed out). */
export const A_VISITOR_ID = "drillVisitorAAAAAAAAAAAAAAAAAAAAAAA";

async function mediaToolFiles(userId: string) {
  const base = { tool: "compress", status: "completed", originalSize: BigInt(1000), originalFormat: "wav", processedSize: BigInt(500), audioFormat: "mp3", duration: 10, downloadExpiresAt: new Date(Date.now() + 3600_000) };
  const mediaFile = (await prisma.processedMediaFile.create({ data: { ...base, userId, originalName: "zqx-media-alpha.wav" }, select: { id: true } })).id;
  const visitorMediaFile = (await prisma.processedMediaFile.create({ data: { ...base, visitorKey: visitorKeyOf(A_VISITOR_ID), originalName: "zqx-visitor-alpha.wav" }, select: { id: true } })).id;
  return { mediaFile, visitorMediaFile };
}

export async function createOwnerResources(): Promise<Owned> {
  const user = await signIn("owner-a");
  // Hotwords are a Pro feature; A has every kind of resource.
  await prisma.user.update({ where: { id: user.userId }, data: { planCode: "pro" } });
  const title = "Alpha-ZQX secret meeting";
  const completedTask = await seedTranscribedTask(user.userId, title, MEETING);
  const speaker = (await prisma.speaker.findFirstOrThrow({ where: { taskId: completedTask }, select: { id: true } })).id;
  const form = await formWithFiles([{ path: path.join(CORPUS, "single/en_cards_002.wav"), type: "audio/wav", name: "zqx-upload-alpha.wav" }], { start: "false" });
  const uploaded = await call<{ tasks: { id: string }[] }>(create, { token: user.token, form });
  if (uploaded.code !== 200) throw new Error(`A's upload failed: ${uploaded.message}`);
  const pasted = await call<{ id?: string; task?: { id: string }; tasks?: { id: string }[] }>(pasteText, {
    token: user.token,
    json: { title: "Alpha-ZQX pasted", text: "Alpha ZQX pasted confidential text.\nSecond line of the ZQX memo." },
  });
  if (pasted.code !== 200) throw new Error(`A's paste failed: ${pasted.message}`);
  const pastedTask = pasted.data.id ?? pasted.data.task?.id ?? pasted.data.tasks?.[0]?.id;
  const hot = await call<{ hotword: { id: string } }>(addHotword, { token: user.token, json: { text: "zqxhotword" } });
  if (hot.code !== 200) throw new Error(`A's hotword failed: ${hot.message}`);
  const mcp = await call<{ key: string; item: { id: string } }>(createMcpKey, { token: user.token, json: { name: "ZQX assistant" } });
  if (mcp.code !== 200) throw new Error(`A's MCP key failed: ${mcp.message}`);
  const folder = await call<{ id: string }>(createFolder, { token: user.token, json: { name: "ZQX-folder-alpha" } });
  if (folder.code !== 200) throw new Error(`A's folder failed: ${folder.message}`);
  const filed = await call(moveToFolder, { token: user.token, params: { id: completedTask }, json: { folderId: folder.data.id } });
  if (filed.code !== 200) throw new Error(`A's move into the folder failed: ${filed.message}`);
  const asked = await callStream(ask, { token: user.token, json: { task_id: completedTask, question: "What about the battery drain?" } });
  if (asked.status !== 200 || asked.envelope) throw new Error(`A's question failed: ${JSON.stringify(asked.envelope)}`);
  const quiz = await callStream(flashback, { token: user.token, json: { task_id: completedTask, question_count: 2 } });
  const q = quiz.events.find((e) => e.type === "question") as { quizId: string; question: { id: string } } | undefined;
  if (!q) throw new Error(`A's quiz failed: ${JSON.stringify(quiz.envelope ?? quiz.events.slice(0, 2))}`);
  const collaborator = await signIn("collab-c");
  const added = await call(addCollaborator, { token: user.token, params: { id: completedTask }, json: { user_identifier: collaborator.email } });
  if (added.code !== 200) throw new Error(`A's collaborator failed: ${added.message}`);
  // A shares an analysed task: the public routes may show its title and summary, never its transcript.
  const sharedTask = await seedTranscribedTask(user.userId, "Public roadmap notes", MEETING);
  await prisma.task.update({ where: { id: sharedTask }, data: { status: "analysis_completed", summary: "# Public roadmap\n\n- Ship the offline mode\n", summaryLanguage: "en" } });
  const shared = await call<{ path: string }>(createShareLink, { token: user.token, params: { id: sharedTask } });
  if (shared.code !== 200) throw new Error(`A's share link failed: ${shared.message}`);
  const toolTranscript = (
    await prisma.toolTranscript.create({
      data: { userId: user.userId, url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", title: "Alpha-ZQX tool video", status: "completed", source: "captions", segments: [{ begin: 0, end: 1000, text: "ZQX memo in the tool" }] },
      select: { id: true },
    })
  ).id;
  // A voice profile naming A's speaker, with a stored voice (enrolment needs real audio; the drill needs only the rows).
  const voiceProfile = (
    await prisma.voiceProfile.create({
      data: { userId: user.userId, name: "ZQX-voice-alpha", embeddings: { create: { version: "drill", vector: [1, 2, 3], speechSec: 3, taskId: completedTask } } },
      select: { id: true },
    })
  ).id;
  await prisma.speaker.update({ where: { id: speaker }, data: { profileId: voiceProfile, profileState: "suggested", profileConfidence: 0.8 } });
  const live = await call<{ id: string }>(createLiveSession, { token: user.token, json: { source: "mic", spokenLanguage: "en", title: "zqx-live-alpha" } });
  if (live.code !== 200) throw new Error(`A's live session failed: ${live.message}`);
  // Put in directly: saving through the route resolves the receiver's name, and a drill has no DNS.
  const hook = await prisma.webhookEndpoint.create({ data: { userId: user.userId, url: "https://zqx-hooks.example.com/alpha", events: ["task.completed"], secret: "whsec_WlFYLWFscGhhLXdlYmhvb2stc2VjcmV0LTAwMDAwMDA=" }, select: { id: true } });
  const hookDelivery = await prisma.webhookDelivery.create({ data: { endpointId: hook.id, messageId: "msg_zqx_alpha", eventType: "task.completed", payload: { type: "task.completed", data: { task_id: completedTask, title: "Alpha-ZQX" } }, status: "delivered" }, select: { id: true } });
  // Written directly: saving through the route needs a push service this drill does not run.
  const pushDevice = await prisma.pushSubscription.create({ data: { userId: user.userId, endpoint: "https://push.example.test/zqx-push-alpha", p256dh: "BZQX", auth: "ZQX", label: "A's phone" }, select: { id: true } });
  const referralCode = (await prisma.user.findUniqueOrThrow({ where: { id: user.userId }, select: { referralCode: true } })).referralCode;
  const owned = {
    user,
    collaborator,
    sharedTask,
    shareSegment: shared.data.path.split("/").at(-1)!,
    toolTranscript,
    ...(await mediaToolFiles(user.userId)),
    completedTask,
    uploadedTask: uploaded.data.tasks[0]!.id,
    pastedTask: pastedTask!,
    speaker,
    hotword: hot.data.hotword.id,
    voiceProfile,
    mcpKey: mcp.data.item.id,
    webhook: hook.id,
    webhookDelivery: hookDelivery.id,
    folder: folder.data.id,
    liveSession: live.data.id,
    quiz: q.quizId,
    question: q.question.id,
    pushDevice: pushDevice.id,
    secrets: ["zqx-push-alpha", "zqx-media-alpha", "zqx-visitor-alpha", "Alpha-ZQX", "zqx-upload-alpha", "ZQX memo", "zqxhotword", "ZQX-voice-alpha", "ZQX-folder-alpha", "zqx-live-alpha", "battery drain", user.email, collaborator.email, referralCode, mcp.data.key, "zqx-hooks.example.com", "whsec_WlFYLWFscGhhLXdlYmhvb2stc2VjcmV0LTAwMDAwMDA=", "msg_zqx_alpha"],
  };
  for (const [k, v] of Object.entries(owned)) if (typeof v === "string" && !v) throw new Error(`A's ${k} is missing`);
  if (!owned.pastedTask || !owned.hotword || !owned.quiz) throw new Error(`A's resources are incomplete: ${JSON.stringify(owned)}`);
  return owned;
}

/** A's state, to show nothing B did changed it. */
export async function ownerSnapshot(a: Owned) {
  const tasks = await prisma.task.findMany({ where: { userId: a.user.userId }, select: { id: true, title: true, deletedAt: true, status: true, folderId: true }, orderBy: { id: "asc" } });
  const speakers = await prisma.speaker.findMany({ where: { taskId: a.completedTask }, select: { id: true, name: true, profileId: true, profileState: true }, orderBy: { id: "asc" } });
  const voiceProfiles = await prisma.voiceProfile.findMany({ where: { userId: a.user.userId }, select: { id: true, name: true, embeddings: { select: { id: true } } }, orderBy: { id: "asc" } });
  const hotwords = await call<{ items?: unknown[] }>(listHotwords, { token: a.user.token });
  const task = await call<{ title: string; fullText: string }>(getTask, { token: a.user.token, params: { id: a.completedTask } });
  const chat = await call(history, { token: a.user.token, params: { id: a.completedTask } });
  const folders = await call(listFolders, { token: a.user.token });
  const collaborators = await prisma.collaborator.findMany({ where: { task: { userId: a.user.userId } }, select: { taskId: true, userId: true }, orderBy: { id: "asc" } });
  const mcpKeys = await prisma.apiKey.findMany({ where: { userId: a.user.userId }, select: { id: true, name: true, keyHash: true }, orderBy: { id: "asc" } });
  const shares = await prisma.share.findMany({ where: { task: { userId: a.user.userId } }, select: { taskId: true, enabled: true, allowIndexing: true, tokenHash: true }, orderBy: { id: "asc" } });
  const liveSessions = await prisma.liveSession.findMany({ where: { userId: a.user.userId }, select: { id: true, state: true, durationSec: true, taskId: true, stopReason: true, marks: { select: { id: true } } }, orderBy: { id: "asc" } });
  const webhooks = await prisma.webhookEndpoint.findMany({ where: { userId: a.user.userId }, select: { id: true, url: true, enabled: true, secret: true, _count: { select: { deliveries: true } } }, orderBy: { id: "asc" } });
  const pushDevices = await prisma.pushSubscription.findMany({ where: { userId: a.user.userId }, select: { id: true, endpoint: true }, orderBy: { id: "asc" } });
  return JSON.stringify({ tasks, speakers, hotwords: hotwords.data, folders: folders.data, title: task.data.title, text: task.data.fullText, chat: chat.data, collaborators, shares, mcpKeys, voiceProfiles, liveSessions, webhooks, pushDevices });
}
