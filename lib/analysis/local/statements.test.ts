import { isStatement, withoutOpeningFillers } from "./statements";
import { corpusReferences, passages, pyannoteSample } from "./test-fixtures";
import { guessLanguage, splitSentences, type Language } from "./text";

const sentencesOf = (text: string, lang: Language) => splitSentences(passages([["0:00", null, text]]), lang);
const statementsOf = (text: string, lang: Language) => sentencesOf(text, lang).filter(isStatement).map((s) => s.text);

test("English greetings, backchannel and fragments are no statements; what Diane and Sheila say about themselves is", () => {
  const texts = pyannoteSample().map((p) => p.text);
  const statements = splitSentences(pyannoteSample(), "en").filter(isStatement).map((s) => s.text);
  for (const smallTalk of ["Hello?", "Oh, hello.", "I didn't know you were there.", "Neither did I."]) {
    expect(texts).toContain(smallTalk);
    expect(statements).not.toContain(smallTalk);
  }
  expect(statements).toEqual(expect.arrayContaining(["This is Diane in New Jersey.", "And I'm Sheila in Texas, originally from Chicago."]));
  for (const fragment of ["this", "it's like", "Thank you.", "Okay, thanks everyone.", "Hi guys, good morning!", "Yeah, yeah, I know, right?"]) expect(statementsOf(fragment, "en")).toEqual([]);
});

test("Chinese greetings and fillers are no statements; a sentence that says something is", () => {
  for (const smallTalk of ["喂？", "你好你好。", "嗯，对。", "好的，谢谢大家。", "嗯嗯，是的是的。", "大家好。", "换一首歌"]) expect(statementsOf(smallTalk, "zh")).toEqual([]);
  expect(statementsOf("下季度的市场预算是五十万元。", "zh")).toEqual(["下季度的市场预算是五十万元。"]);
  const reference = corpusReferences().find((c) => c.text.startsWith("广州市"))!.text;
  expect(statementsOf(reference, "zh")).toEqual([reference]);
});

test("the reference sentence of every other-language corpus clip still counts as a statement", () => {
  const others = corpusReferences().filter((c) => c.file.startsWith("other/"));
  expect(others.map((c) => c.language).sort()).toEqual(["de", "es", "fr", "it", "ja", "ko", "pt", "ru"]);
  // Each in the language the analyzer takes it for (Portuguese is no interface language: read with the nearest one's rules).
  for (const c of others) expect(statementsOf(c.text, guessLanguage(c.text))).toEqual([c.text]);
});

test("a heading or a table row is not a statement, a list item is", () => {
  const [heading, item, row] = splitSentences(passages([["0:00", null, "## Hiring plan for the new office"], ["0:00", null, "- Two engineers join before the summer"], ["0:00", null, "| Anna | product manager | Berlin |"]]), "en");
  expect([heading!.block, item!.block, row!.block]).toEqual(["heading", "prose", "table"]);
  expect([isStatement(heading!), isStatement(item!), isStatement(row!)]).toEqual([false, true, false]);
});

test("opening fillers are dropped from a quoted sentence, in several languages; nothing else is", () => {
  expect(withoutOpeningFillers("Okay, so, the budget is two hundred thousand dollars.", "en")).toBe("The budget is two hundred thousand dollars.");
  expect(withoutOpeningFillers("Oh, I'm originally from Chicago also.", "en")).toBe("I'm originally from Chicago also.");
  expect(withoutOpeningFillers("well, there isn't that much difference", "en")).toBe("there isn't that much difference");
  expect(withoutOpeningFillers("Well-known teams ship on Fridays.", "en")).toBe("Well-known teams ship on Fridays.");
  expect(withoutOpeningFillers("So we agreed on March.", "en")).toBe("So we agreed on March.");
  expect(withoutOpeningFillers("Okay.", "en")).toBe("Okay.");
  expect(withoutOpeningFillers("Diane: Okay, then I heard a beep.", "en")).toBe("Diane: Then I heard a beep.");
  expect(withoutOpeningFillers("李娜：嗯，好的，我下周一之前把结果发给大家。", "zh")).toBe("李娜：我下周一之前把结果发给大家。");
  expect(withoutOpeningFillers("嗯，那个，我们下周一发布新版本。", "zh")).toBe("我们下周一发布新版本。");
  expect(withoutOpeningFillers("嗯嗯我觉得可以", "zh")).toBe("我觉得可以");
  expect(withoutOpeningFillers("好的方案需要时间。", "zh")).toBe("好的方案需要时间。");
  expect(withoutOpeningFillers("Also, wir müssen das Budget prüfen.", "de")).toBe("Wir müssen das Budget prüfen.");
  expect(withoutOpeningFillers("Euh, on lance lundi.", "fr")).toBe("On lance lundi.");
  expect(withoutOpeningFillers("えっと、来週リリースします。", "ja")).toBe("来週リリースします。");
});
