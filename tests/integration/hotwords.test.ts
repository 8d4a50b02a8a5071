import { GET as listHotwords, POST as createHotword } from "@/app/api/hotwords/route";
import { GET as hotwordSummary } from "@/app/api/hotwords/summary/route";
import { POST as batchHotwords } from "@/app/api/hotwords/batch/route";
import { PUT as updateHotword, DELETE as deleteHotword } from "@/app/api/hotwords/[id]/route";
import { prisma } from "@/lib/server/prisma";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call } from "@/tests/helpers/api";
import { signIn } from "@/tests/helpers/users";

// Hotword rules: Pro only; not empty; at most 15 Chinese characters
// or 7 English words; at most 500; batches report created and failed counts.
let user: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  await setupTestDatabase();
  user = await signIn("hot");
});

interface Summary {
  total: number;
  active: number;
  remaining: number;
  limit: number;
}

test("free users are told hotwords need membership", async () => {
  const res = await call(createHotword, { token: user.token, json: { text: "Tingji" } });
  expect(res.code).toBe(403);
  expect(res.message).toBe("Hotwords are a Pro feature. Upgrade to Pro to use them.");
  await prisma.user.update({ where: { id: user.userId }, data: { planCode: "pro" } });
});

test("each rule gets its own message, and the summary keeps count", async () => {
  const ok = await call<{ hotword: { id: string; language: string }; summary: Summary }>(createHotword, { token: user.token, json: { text: "  Tingji  " } });
  expect(ok.code).toBe(200);
  expect(ok.data.hotword).toMatchObject({ text: "Tingji", language: "en", enabled: true });
  expect(ok.data.summary).toEqual({ total: 1, active: 1, remaining: 499, limit: 500 });
  const zh = await call<{ hotword: { language: string } }>(createHotword, { token: user.token, json: { text: "听记语音转写" } });
  expect(zh.data.hotword.language).toBe("zh");
  expect((await call(createHotword, { token: user.token, json: { text: " " } })).data).toMatchObject({ error: "hotwords.textRequired" });
  const eightWords = await call(createHotword, { token: user.token, json: { text: "one two three four five six seven eight" } });
  expect(eightWords.data).toMatchObject({ error: "hotwords.tooLong" });
  expect(eightWords.message).toContain("one two three");
  expect((await call(createHotword, { token: user.token, json: { text: "一二三四五六七八九十一二三四五六" } })).data).toMatchObject({ error: "hotwords.tooLong" });
  expect((await call(createHotword, { token: user.token, json: { text: "一二三四五六七八九十一二三四五" } })).code).toBe(200);
  expect((await call(createHotword, { token: user.token, json: { text: "Tingji" } })).data).toMatchObject({ error: "hotwords.duplicate" });

  const id = ok.data.hotword.id;
  const off = await call<{ hotword: { enabled: boolean }; summary: Summary }>(updateHotword, { token: user.token, method: "PUT", params: { id }, json: { enabled: false } });
  expect(off.data.hotword.enabled).toBe(false);
  expect(off.data.summary).toMatchObject({ total: 3, active: 2 });
  const del = await call<{ summary: Summary }>(deleteHotword, { token: user.token, method: "DELETE", params: { id } });
  expect(del.data.summary.total).toBe(2);
  expect((await call(deleteHotword, { token: user.token, method: "DELETE", params: { id } })).data).toMatchObject({ error: "hotwords.notFound" });
});

test("a batch is checked line by line and can partly succeed", async () => {
  const res = await call<{ created: number; failed: number; failures: { text: string; error: string; message: string }[] }>(batchHotwords, {
    token: user.token,
    json: { texts: "Kubernetes\n\nGutenberg\nthis hotword has far too many english words in it\n听记语音转写\nKubernetes\n" },
  });
  expect(res.code).toBe(200);
  expect(res.data.created).toBe(2);
  expect(res.data.failed).toBe(2);
  expect(res.data.failures.map((f) => f.error).sort()).toEqual(["hotwords.duplicate", "hotwords.tooLong"]);
  expect(res.data.failures.find((f) => f.error === "hotwords.tooLong")!.message).toContain("this hotword has far");
  expect((await call(batchHotwords, { token: user.token, json: { texts: "\n  \n" } })).data).toMatchObject({ error: "hotwords.batchEmpty" });
  const list = await call<{ items: { text: string }[]; summary: Summary }>(listHotwords, { token: user.token });
  expect(list.data.items.map((h) => h.text).sort()).toEqual(["Gutenberg", "Kubernetes", "一二三四五六七八九十一二三四五", "听记语音转写"]);
});

test("at most 500 hotwords", async () => {
  const have = await prisma.hotword.count({ where: { userId: user.userId } });
  await prisma.hotword.createMany({ data: Array.from({ length: 500 - have - 1 }, (_, i) => ({ userId: user.userId, text: `word${i}`, language: "en" as const })) });
  expect((await call(createHotword, { token: user.token, json: { text: "the last one" } })).code).toBe(200);
  const over = await call(createHotword, { token: user.token, json: { text: "one too many" } });
  expect(over.data).toMatchObject({ error: "hotwords.limitReached" });
  expect(over.message).toBe("You can have at most 500 hotwords");
  expect((await call<Summary>(hotwordSummary, { token: user.token })).data).toEqual({ total: 500, active: 500, remaining: 0, limit: 500 });
});
