import { languageFromFileNames, proposedSpokenLanguage, type SpeechLanguageSupport } from "./languages";

describe("languageFromFileNames", () => {
  it("names the language a file name is written in", () => {
    expect(languageFromFileNames(["会议记录.wav"])).toBe("zh");
    expect(languageFromFileNames(["週次ミーティング.m4a"])).toBe("ja"); // kanji and katakana: Japanese
    expect(languageFromFileNames(["회의록 2026-11-29.mp3"])).toBe("ko");
    expect(languageFromFileNames(["Совещание отдела.ogg"])).toBe("ru");
    expect(languageFromFileNames(["Нарада відділу.ogg"])).toBe("uk");
    expect(languageFromFileNames(["اجتماع الفريق.mp3"])).toBe("ar");
  });

  it("says nothing for Latin names, and nothing when the names disagree", () => {
    expect(languageFromFileNames(["meeting.wav", "réunion équipe.mp3", "Cuộc họp.m4a"])).toBeNull();
    expect(languageFromFileNames(["会议记录.wav", "회의록.mp3"])).toBeNull();
    expect(languageFromFileNames([])).toBeNull();
  });

  it("reads the name, not the extension, and lets Latin names stand beside a named language", () => {
    expect(languageFromFileNames(["part 1.wav", "第二部分.wav"])).toBe("zh");
    expect(languageFromFileNames(["recording.录音"])).toBeNull();
  });
});

describe("proposedSpokenLanguage", () => {
  const builtIn: SpeechLanguageSupport = { engine: "embedded", languages: ["en"], detect: false };
  const service: SpeechLanguageSupport = { engine: "service", languages: null, detect: true };

  it("starts at the interface language when the names say nothing else", () => {
    expect(proposedSpokenLanguage("en", ["meeting.wav"], builtIn)).toEqual({ language: "en", fromFileNames: false });
    expect(proposedSpokenLanguage("zh", ["会议记录.wav"], builtIn)).toEqual({ language: "zh", fromFileNames: false });
  });

  it("proposes the name's language on an engine that cannot detect, so the built-in one warns before English nonsense", () => {
    expect(proposedSpokenLanguage("en", ["会议记录.wav"], builtIn)).toEqual({ language: "zh", fromFileNames: true });
    expect(proposedSpokenLanguage("en", ["会议记录.wav"], null)).toEqual({ language: "zh", fromFileNames: true });
  });

  it("proposes detection where the engine detects: a name is a hint, not proof", () => {
    expect(proposedSpokenLanguage("en", ["会议记录.wav"], service)).toEqual({ language: "auto", fromFileNames: true });
  });
});
