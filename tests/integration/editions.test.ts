import "./editions.env";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { POST as sendLink } from "@/app/api/auth/email/send/route";
import { POST as verifyLink } from "@/app/api/auth/email/verify/route";
import { GET as currentUser } from "@/app/api/auth/user/route";
import { POST as mcpPost } from "@/app/api/mcp/route";
import { POST as createMcpKey } from "@/app/api/mcp/keys/route";
import { GET as listTasks } from "@/app/api/transcription/tasks/route";
import { collabDocumentName } from "@/lib/collab/convert";
import { prisma } from "@/lib/server/prisma";
import { call } from "@/tests/helpers/api";
import { closeAllCollab, connectCollab, startCollabServer, synced, until } from "@/tests/helpers/collab";
import { setupTestDatabase } from "@/tests/helpers/db";
import { solvedHumanToken } from "@/tests/helpers/human";
import { serveRoute } from "@/tests/helpers/route-server";
import { MEETING, seedTranscribedTask } from "@/tests/helpers/tasks";
import { CHINA_HOST, latestLinkToken, signIn } from "@/tests/helpers/users";

// An account belongs to the edition it was made on (docs/auth.md "Editions keep accounts apart"): on the
// other edition's host its token, its sign-in, its MCP key and its co-editing socket get the region
// access notice, in that host's language, naming the edition and the address to go to.
jest.setTimeout(60_000);

type User = Awaited<ReturnType<typeof signIn>>;
let intl: User;
let cn: User;

beforeAll(async () => {
  await setupTestDatabase();
  intl = await signIn("intl");
  cn = await signIn("cn", { edition: "china" });
});
afterEach(closeAllCollab);

const notice = (registered: "international" | "china", url: string) => ({ error: "auth.wrongEdition", registered_edition: registered, suggested_url: url });

test("each account is made in the edition of the host it signed up on", async () => {
  expect((await prisma.user.findUniqueOrThrow({ where: { id: intl.userId } })).edition).toBe("international");
  expect((await prisma.user.findUniqueOrThrow({ where: { id: cn.userId } })).edition).toBe("china");
});

test("a token works on its own edition's host and gets the region access notice on the other's", async () => {
  expect((await call(currentUser, { token: intl.token })).code).toBe(200);
  expect((await call(currentUser, { token: cn.token, headers: CHINA_HOST })).code).toBe(200);

  // The China edition speaks Chinese; the notice sends the account home.
  for (const headers of [CHINA_HOST, { "x-forwarded-host": "app.tingji.cn" }]) {
    const there = await call(listTasks, { token: intl.token, headers });
    expect([there.status, there.code, there.data]).toEqual([403, 403, notice("international", "https://tingji.example.com")]);
    expect(there.message).toBe("该账号注册于国际版，请前往该版本登录，以查看您的文件和套餐。");
  }
  const back = await call(currentUser, { token: cn.token, headers: { "x-locale": "de" } });
  expect([back.status, back.data]).toEqual([403, notice("china", "https://tingji.example.cn")]);
  expect(back.message).toBe("Dieses Konto ist bei der China-Ausgabe registriert. Bitte melden Sie sich dort an, um Ihre Dateien und Ihr Abo zu finden.");
  // Nothing of the account was answered.
  expect(JSON.stringify(back)).not.toContain(cn.email);
});

test("signing in on the other edition's host opens no session", async () => {
  const sessionsBefore = await prisma.session.count({ where: { userId: cn.userId } });
  const sent = await call(sendLink, { json: { turnstile_token: await solvedHumanToken(), email: cn.email, origin: "transcribe" } });
  expect(sent.code).toBe(200);
  const res = await call(verifyLink, { json: { access_token: latestLinkToken(cn.email), device_id: "web_elsewher" } });
  expect([res.status, res.data]).toEqual([403, notice("china", "https://tingji.example.cn")]);
  expect(await prisma.session.count({ where: { userId: cn.userId } })).toBe(sessionsBefore);
});

test("an MCP key works only on its account's edition", async () => {
  await prisma.user.update({ where: { id: cn.userId }, data: { planCode: "pro" } });
  const key = (await call<{ key: string }>(createMcpKey, { token: cn.token, headers: CHINA_HOST, json: { name: "cn" } })).data.key;
  expect(key).toMatch(/^tj_key_/);
  const server = await serveRoute({ POST: mcpPost });
  try {
    const refused = await fetch(`${server.url}/api/mcp`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { data: unknown }).data).toEqual(notice("china", "https://tingji.example.cn"));
    const client = new Client({ name: "jest", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}`, "x-forwarded-host": "tingji.cn" } } }));
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await client.close();
  } finally {
    await server.close();
  }
});

test("a co-editing socket opened on the other edition's host is refused", async () => {
  const taskId = await seedTranscribedTask(intl.userId, "Editions", MEETING.slice(0, 2));
  const name = collabDocumentName(taskId, "transcript");
  const failed: string[] = [];
  const chinaSocket = await startCollabServer({}, { host: "tingji.cn" });
  connectCollab(chinaSocket.url, intl.token, name, { failed });
  await until("refused on the China host", () => failed.length > 0);
  expect(failed[0]).toBe("collab.loginRequired");
  const home = await startCollabServer();
  await synced(connectCollab(home.url, intl.token, name));
});
