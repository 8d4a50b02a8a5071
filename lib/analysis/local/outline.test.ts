import { boundaryScore, shortChapterRecordings } from "@/bench/lib/chapter-recordings";
import type { Passage } from "../types";
import { outlineLocally } from "./outline";

// Chapters against the known joins of corpus-built recordings (each a few corpus sources one
// after another, bench/lib/chapter-recordings.ts), and to-dos against sentences made here with a
// known owner and date.

const part = (n: number) => `Part ${n}`;

describe("chapters of the local analyzer", () => {
  const recordings = shortChapterRecordings();

  test("start near the joins between corpus sources (within 10 s)", () => {
    let precision = 0;
    let recall = 0;
    for (const r of recordings) {
      const chapters = outlineLocally(r.passages, part).chapters;
      // Every chapter is inside the recording, in order, and they tile it.
      expect(chapters[0]!.begin).toBe(r.passages[0]!.begin);
      chapters.forEach((c, k) => expect(c.end).toBe(chapters[k + 1]?.begin ?? Math.max(...r.passages.map((p) => p.end))));
      const score = boundaryScore(chapters.slice(1).map((c) => c.begin!), r.joins);
      precision += score.precision;
      recall += score.recall;
    }
    expect(recordings.length).toBeGreaterThanOrEqual(18);
    // Figures: bench/README.md "chapters". The short fillers (one sentence, under 15 s) cannot be chapters of their own.
    expect(precision / recordings.length).toBeGreaterThanOrEqual(0.85);
    expect(recall / recordings.length).toBeGreaterThanOrEqual(0.6);
  });

  test("are titled by their words and carry a sentence of their own as gist", () => {
    const r = recordings.find((x) => x.label.startsWith("LJ001"))!;
    const [first] = outlineLocally(r.passages, part).chapters;
    // LJ001 is about printing: its chapter's title names it, and the gist is one of its sentences.
    expect(first!.title.toLowerCase()).toMatch(/print|book|type/);
    expect(r.passages.filter((p) => p.begin < 50_000).map((p) => p.text.toLowerCase()).join(" ")).toContain(first!.gist.toLowerCase().replace(/…$/, "").slice(0, 40));
  });

  test("a document gets chapters without times", () => {
    const r = recordings[0]!;
    const untimed: Passage[] = r.passages.map((p) => ({ ...p, begin: 0, end: 0 }));
    const chapters = outlineLocally(untimed, part).chapters;
    expect(chapters.length).toBeGreaterThanOrEqual(2);
    for (const c of chapters) expect([c.begin, c.end]).toEqual([null, null]);
  });
});

describe("to-dos and speakers of the local analyzer", () => {
  const passages: Passage[] = [
    { index: 0, begin: 0, end: 6000, speaker: "Anna", text: "Welcome everyone, today we look at the release of the billing service." },
    { index: 1, begin: 6000, end: 12000, speaker: "Ben", text: "The invoices still show the old tax rate for customers in Germany." },
    { index: 2, begin: 12000, end: 18000, speaker: "Anna", text: "Maria will update the tax tables by Friday." },
    { index: 3, begin: 18000, end: 24000, speaker: "Ben", text: "I will send the customer list to the support team next week." },
    { index: 4, begin: 24000, end: 30000, speaker: "Anna", text: "Can you check the refund flow before the release?" },
    { index: 5, begin: 30000, end: 36000, speaker: "Ben", text: "The refund flow passed every test in the staging system yesterday." },
  ];
  const outline = outlineLocally(passages, part);

  test("name the owner said in the sentence, else the speaker, and the due date as said", () => {
    const byText = (s: string) => outline.todos.find((x) => x.text.includes(s));
    expect(byText("tax tables")).toMatchObject({ owner: "Maria", due: "by Friday", begin: 12000, index: 2, done: false });
    expect(byText("customer list")).toMatchObject({ owner: "Ben", due: "next week", begin: 18000 });
    expect(byText("refund flow before")).toMatchObject({ owner: "Anna", due: null });
    expect(outline.todos.some((x) => x.text.includes("passed every test"))).toBe(false);
  });

  test("say what each speaker said and asked for", () => {
    const ben = outline.speakers.find((s) => s.speaker === "Ben")!;
    expect(ben.said.join(" ")).toMatch(/old tax rate|staging system/);
    const anna = outline.speakers.find((s) => s.speaker === "Anna")!;
    expect(anna.asked.join(" ")).toContain("Can you check the refund flow");
  });

  test("a pasted script's 'Name: …' line names the owner, and the to-do reads without the name", () => {
    const script: Passage[] = [
      { index: 0, begin: 0, end: 0, speaker: null, text: "Maria: The lighthouse roof needs new copper sheets before the storms." },
      { index: 1, begin: 0, end: 0, speaker: null, text: "Tom: I will send the signed contract to the council by Friday." },
    ];
    expect(outlineLocally(script, part).todos).toEqual([expect.objectContaining({ text: "I will send the signed contract to the council by Friday.", owner: "Tom", due: "by Friday" })]);
  });

  test("Chinese to-dos read their owner and date", () => {
    const zh: Passage[] = [
      { index: 0, begin: 0, end: 5000, speaker: "王伟", text: "今天我们讨论新版本的上线计划和测试进度。" },
      { index: 1, begin: 5000, end: 9000, speaker: "李娜", text: "这个问题由张强负责，下周五之前完成修复。" },
    ];
    const todo = outlineLocally(zh, part).todos[0]!;
    expect(todo).toMatchObject({ owner: "张强", due: "下周五之前", begin: 5000 });
  });
});
