import { outlineByProvider } from "@/lib/analysis/outline";
import { openAiChatProvider } from "@/lib/analysis/provider";
import { libraryPrompt } from "@/lib/library-ask/answer";
import type { LibraryPassage } from "@/lib/library-ask/library-ask.schema";
import { pyannoteSampleStm } from "@/bench/lib/analysis-recordings";
import { startFakeOpenAi, type FakeOpenAi } from "@/tests/helpers/fake-openai";

// The configured chat API path, through the real SDK against a loopback server speaking the API:
// the model names line numbers, the times come from the transcript (multi/pyannote_sample.stm);
// a library answer streams with its [n] citations.

let ai: FakeOpenAi;
beforeAll(async () => {
  ai = await startFakeOpenAi();
});
afterAll(async () => ai.close());

const provider = () => openAiChatProvider({ baseURL: `${ai.url}/v1`, apiKey: "sk-loopback", model: "fake-model", timeoutMs: 5000, maxRetries: 0 });

test("chapters and to-dos from the model take their times from the transcript's lines", async () => {
  const passages = [...pyannoteSampleStm(), { index: 99, begin: 31_000, end: 33_000, speaker: "Diane", text: "I will send you the Chicago photos by Friday." }];
  const outline = await outlineByProvider(provider(), { title: "Call", passages, language: "en" });
  const half = passages[Math.floor(passages.length / 2)]!;
  expect(outline.chapters.map((c) => [c.index, c.begin])).toEqual([
    [passages[0]!.index, passages[0]!.begin],
    [half.index, half.begin],
  ]);
  expect(outline.chapters[1]!.end).toBe(33_000);
  expect(outline.todos).toEqual([expect.objectContaining({ index: 99, begin: 31_000, owner: "Diane", due: "by Friday", done: false })]);
  expect(outline.speakers.map((s) => s.speaker).sort()).toEqual(["Diane", "Sheila"]);
  // The model was told the lines by number, with their [mm:ss].
  expect(ai.requests.at(-1)!.body.messages[1]!.content).toContain("0| [00:06] Diane: Hello?");
});

test("a library answer streams from the numbered passages and keeps their [n]", async () => {
  const passages: LibraryPassage[] = [
    { n: 1, taskId: "t1", title: "Budget call", index: 3, begin: 42_000, text: "The zebracorn pricing is ten percent lower.", before: null, after: null, score: 2 },
    { n: 2, taskId: "t2", title: "Weekly", index: 1, begin: 5_000, text: "Snow closed the office.", before: null, after: null, score: 1 },
  ];
  let text = "";
  for await (const piece of provider().stream(libraryPrompt("What about the zebracorn pricing?", passages, "English"))) text += piece;
  expect(text).toContain("[1]");
  expect(ai.requests.at(-1)!.body.messages[0]!.content).toContain("[1] (Budget call, 00:42) The zebracorn pricing is ten percent lower.");
});
