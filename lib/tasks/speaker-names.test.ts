import fs from "node:fs";
import path from "node:path";
import { DEFAULT_SPEAKER_NAMES, defaultSpeakerNumber, displaySpeakerName, speakerMark } from "@/lib/tasks/speaker-names";

test("the nine default-name patterns are the messages' speakerDefault", () => {
  for (const [locale, pattern] of Object.entries(DEFAULT_SPEAKER_NAMES)) {
    const messages = JSON.parse(fs.readFileSync(path.join("messages", locale, "tasks.json"), "utf8")) as { speakerDefault: string };
    expect(messages.speakerDefault).toBe(pattern);
  }
});

test("a default name in any language is shown in the reader's; a given name stays", () => {
  const zh = (n: number) => `说话人 ${n}`;
  expect(displaySpeakerName("Speaker 1", 1, zh)).toBe("说话人 1");
  expect(displaySpeakerName("Sprecher 3", 1, zh)).toBe("说话人 3");
  expect(displaySpeakerName("  ", 2, zh)).toBe("说话人 2");
  expect(displaySpeakerName("Anna", 1, zh)).toBe("Anna");
  expect(displaySpeakerName("Speaker 1 (host)", 1, zh)).toBe("Speaker 1 (host)");
  expect(defaultSpeakerNumber("화자 12")).toBe(12);
  expect(defaultSpeakerNumber("Speakers 1")).toBeNull();
});

test("an avatar shows a default name's number, else the first character of the name, whole", () => {
  expect(speakerMark("Speaker 2")).toBe("2");
  expect(speakerMark("说话人 12")).toBe("12");
  expect(speakerMark(" anna ")).toBe("A");
  expect(speakerMark("王芳")).toBe("王");
  expect(speakerMark("𠮷田")).toBe("𠮷"); // outside the BMP: one character, not half a surrogate pair
  expect(speakerMark("👩‍💻 Dev")).toBe("👩‍💻");
  expect(speakerMark("Speaker 1 (host)")).toBe("S");
  expect(speakerMark("  ")).toBe("?");
});
