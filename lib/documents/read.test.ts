import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import iconv from "iconv-lite";
import { AppError } from "@/lib/server/errors";
import { checkImportRequest, kindFromName, readDocument, textFromPaste } from "./read";
import { docxArchive, wParagraph, zipArchive } from "@/tests/helpers/docx-fixtures";

const MB = 1024 * 1024;
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "documents-read-"));
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Writes the bytes to a file with this name and describes it as an upload does. */
function upload(name: string, bytes: Buffer | string): { path: string; name: string; size: number } {
  const filePath = path.join(dir, `${Math.random().toString(36).slice(2)}-${name}`);
  fs.writeFileSync(filePath, bytes);
  return { path: filePath, name, size: fs.statSync(filePath).size };
}

async function errorOf(run: () => unknown): Promise<AppError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("did not fail");
}

describe("readDocument: .txt", () => {
  it("reads a GBK Chinese file into paragraphs, titled after the file", async () => {
    const text = "第一段：会议开始。\n\n第二段：我们讨论了产品计划，\n并确定了时间表。\n";
    const doc = await readDocument(upload("会议记录.txt", iconv.encode(text, "gbk")));
    expect(doc).toEqual({
      kind: "txt",
      encoding: "gb18030",
      title: "会议记录",
      text: "第一段：会议开始。\n\n第二段：我们讨论了产品计划，\n并确定了时间表。",
      paragraphs: [
        { type: "paragraph", text: "第一段：会议开始。" },
        { type: "paragraph", text: "第二段：我们讨论了产品计划，\n并确定了时间表。" },
      ],
    });
  });

  it("splits a text without blank lines at every line (one paragraph per line, indents dropped)", async () => {
    const text = "　　第一章的开头。\r\n　　第二段继续。\r\n";
    const doc = await readDocument(upload("novel.TXT", Buffer.from(text, "utf8")));
    expect(doc.paragraphs).toEqual([
      { type: "paragraph", text: "第一章的开头。" },
      { type: "paragraph", text: "第二段继续。" },
    ]);
  });

  it("recognises markdown headings and lists in text, and titles the document after the first heading", async () => {
    const text = "# Weekly notes\n\nIntro line.\n\n- one\n  - nested\n- two\n\n1. first\n2. second";
    const doc = await readDocument(upload("notes.txt", Buffer.from([0xef, 0xbb, 0xbf, ...Buffer.from(text)])));
    expect(doc.title).toBe("Weekly notes");
    expect(doc.paragraphs.map((block) => block.type)).toEqual(["heading", "paragraph", "list", "list"]);
    expect(doc.text).toBe(text);
    expect(doc.encoding).toBe("utf-8");
  });

  it("reads UTF-16LE with BOM, Shift_JIS and windows-1252 files", async () => {
    const utf16 = await readDocument(upload("a.txt", Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("Hello, 世界", "utf16le")])));
    expect([utf16.text, utf16.encoding]).toEqual(["Hello, 世界", "utf-16le"]);
    const japanese = "本日の会議では、来期の製品計画について話し合いました。";
    const sjis = await readDocument(upload("jp.txt", iconv.encode(japanese, "shift_jis")));
    expect([sjis.text, sjis.encoding]).toEqual([japanese, "shift_jis"]);
    const french = "Réunion du conseil : l’ordre du jour a été adopté à l’unanimité.";
    const latin = await readDocument(upload("fr.txt", iconv.encode(french, "windows-1252")));
    expect([latin.text, latin.encoding]).toEqual([french, "windows-1252"]);
  });

  it("refuses an empty or blank file", async () => {
    expect((await errorOf(() => readDocument(upload("empty.txt", "")))).key).toBe("documents.empty");
    const blank = await errorOf(() => readDocument(upload("blank.txt", " \n\t\r\n  \n")));
    expect([blank.key, blank.params]).toEqual(["documents.empty", { file: "blank.txt" }]);
  });

  it("refuses binary content in a .txt: PDF, zip, image, program, random bytes", async () => {
    const binaries: [string, Buffer][] = [
      ["pdf.txt", Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj\n")],
      ["zip.txt", zipArchive([{ name: "a.txt", data: "hello" }])],
      ["docx.txt", docxArchive(wParagraph("Hello"))],
      ["png.txt", Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)])],
      ["elf.txt", Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(64)])],
      ["exe.txt", Buffer.concat([Buffer.from("MZ"), Buffer.alloc(64, 0), Buffer.from("This program cannot be run in DOS mode")])],
      ["random.txt", Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 2654435761) % 256))],
    ];
    for (const [name, bytes] of binaries) {
      const error = await errorOf(() => readDocument(upload(name, bytes)));
      expect([name, error.key, error.params]).toEqual([name, "documents.unsupportedType", { files: name }]);
    }
  });

  it("still reads text that merely starts like a format name (BMW, MZ)", async () => {
    expect((await readDocument(upload("cars.txt", "BMW and MZ motorcycles"))).text).toBe("BMW and MZ motorcycles");
  });

  it("refuses a file over 20 MB from its size, before reading it", async () => {
    // A 50 MB sparse file: nothing is written, and nothing may be read.
    const file = upload("huge.txt", "");
    fs.truncateSync(file.path, 50 * MB);
    const readFile = jest.spyOn(fs.promises, "readFile");
    const error = await errorOf(() => readDocument({ ...file, size: 50 * MB }));
    expect([error.key, error.params, error.status]).toEqual(["documents.tooLarge", { file: "huge.txt", limitMb: 20 }, 413]);
    // The caller's size may understate: the file's real size is checked too.
    expect((await errorOf(() => readDocument({ ...file, size: 10 })))).toMatchObject({ key: "documents.tooLarge" });
    expect(readFile).not.toHaveBeenCalled();
    readFile.mockRestore();
  });

  it("refuses a text longer than the character limit", async () => {
    const error = await errorOf(() => readDocument(upload("long.txt", "a".repeat(101)), { maxTextChars: 100 }));
    expect([error.key, error.params]).toEqual(["documents.textTooLong", { file: "long.txt", maxChars: 100 }]);
  });
});

describe("readDocument: .docx and names", () => {
  it("reads a .docx, titled after its first heading", async () => {
    const body = wParagraph("Preface") + wParagraph("Project Tingji", { style: "Heading1" }) + wParagraph("Body text.");
    const doc = await readDocument(upload("draft v2.docx", docxArchive(body)));
    expect(doc).toEqual({
      kind: "docx",
      title: "Project Tingji",
      text: "Preface\n\n# Project Tingji\n\nBody text.",
      paragraphs: [
        { type: "paragraph", text: "Preface" },
        { type: "heading", level: 1, text: "# Project Tingji" },
        { type: "paragraph", text: "Body text." },
      ],
    });
  });

  it("titles a .docx without headings after its file name", async () => {
    expect((await readDocument(upload("minutes.final.docx", docxArchive(wParagraph("Just text."))))).title).toBe("minutes.final");
  });

  it("refuses a .docx with no text", async () => {
    expect((await errorOf(() => readDocument(upload("blank.docx", docxArchive("<w:p/>"))))).key).toBe("documents.empty");
  });

  it("refuses a PDF renamed .docx as not a docx", async () => {
    const error = await errorOf(() => readDocument(upload("report.docx", Buffer.from("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n"))));
    expect([error.key, error.params, error.status]).toEqual(["documents.notDocx", { file: "report.docx" }, 415]);
  });

  it("accepts only .txt and .docx names, whatever the content", async () => {
    for (const name of ["old.doc", "report.pdf", "letter.rtf", "notes.md", "noextension", "archive.docx.zip"]) {
      const error = await errorOf(() => readDocument(upload(name, "plain text")));
      expect([error.key, error.params]).toEqual(["documents.unsupportedType", { files: name }]);
    }
    expect(kindFromName("A.DOCX")).toBe("docx");
    expect(kindFromName("dir.txt/file")).toBeNull();
  });
});

describe("textFromPaste", () => {
  it("trims, normalises newlines, splits paragraphs at blank lines and takes the first line as title", () => {
    expect(textFromPaste("\r\n  Team sync\r\nAgenda below.\r\n\r\n\r\nSecond paragraph.  \r\n")).toEqual({
      title: "Team sync",
      text: "Team sync\nAgenda below.\n\nSecond paragraph.",
      paragraphs: [
        { type: "paragraph", text: "Team sync\nAgenda below." },
        { type: "paragraph", text: "Second paragraph." },
      ],
    });
  });

  it("cuts a long first line to about 60 characters", () => {
    const title = textFromPaste(`${"word ".repeat(30)}\n\nrest`).title;
    expect([...title].length).toBeLessThanOrEqual(60);
    expect(title.endsWith("…")).toBe(true);
    expect(textFromPaste("中".repeat(100)).title).toBe(`${"中".repeat(59)}…`);
    expect(textFromPaste("## Heading title\n\nbody").title).toBe("Heading title");
  });

  it("refuses empty or whitespace-only text", () => {
    for (const text of ["", "   ", "\n\t\r\n \u3000 ", "\u0000\u0007"]) {
      expect(() => textFromPaste(text)).toThrow(expect.objectContaining({ key: "documents.pasteEmpty", status: 400 }));
    }
  });

  it("refuses a paste over the character limit", () => {
    expect(() => textFromPaste("x".repeat(11), { maxTextChars: 10 })).toThrow(expect.objectContaining({ key: "documents.textTooLong" }));
  });
});

describe("checkImportRequest", () => {
  const file = (name: string, size = 1000) => ({ name, size });

  it("accepts files and/or text within the limits", () => {
    expect(() => checkImportRequest([file("a.txt"), file("b.docx")])).not.toThrow();
    expect(() => checkImportRequest([], "some text")).not.toThrow();
  });

  it.each([
    ["nothing", [], "  ", "documents.nothingToImport", {}],
    ["11 files", Array.from({ length: 11 }, (_, i) => file(`${i}.txt`)), "", "documents.tooManyFiles", { max: 10 }],
    ["unsupported files, all named", [file("a.txt"), file("b.pdf"), file("c.doc")], "", "documents.unsupportedType", { files: "b.pdf, c.doc" }],
    ["a file over 20 MB", [file("a.txt"), file("big.docx", 21 * MB)], "", "documents.tooLarge", { file: "big.docx", limitMb: 20 }],
    ["over 50 MB in all", [file("a.txt", 19 * MB), file("b.txt", 19 * MB), file("c.txt", 19 * MB)], "", "documents.totalTooLarge", { limitMb: 50 }],
  ])("refuses %s", (_label, files, text, key, params) => {
    expect(() => checkImportRequest(files, text)).toThrow(expect.objectContaining({ key, params }));
  });
});

describe("single line breaks", () => {
  it("a dialogue with one speaker per line keeps each line as its own entry", () => {
    const pasted = textFromPaste("Interview\n\nAlice: Where were you on Monday\nBob: At the office, all day.\nAlice: Who saw you there?\nBob: Nobody, I think");
    expect(pasted.paragraphs).toEqual([
      { type: "paragraph", text: "Interview" },
      { type: "paragraph", text: "Alice: Where were you on Monday" },
      { type: "paragraph", text: "Bob: At the office, all day." },
      { type: "paragraph", text: "Alice: Who saw you there?" },
      { type: "paragraph", text: "Bob: Nobody, I think" },
    ]);
  });

  it("a .txt of sentences one per line keeps the lines; a line that only wraps a sentence is joined", async () => {
    const text = "Notes\n\nThe budget review moves to Thursday.\nSam will book the room.\nThe launch is planned for the\nfifteenth of March.\n";
    const doc = await readDocument(upload("notes.txt", Buffer.from(text, "utf8")));
    expect(doc.paragraphs.map((p) => p.text)).toEqual(["Notes", "The budget review moves to Thursday.", "Sam will book the room.", "The launch is planned for the\nfifteenth of March."]);
  });

  it("Chinese dialogue lines (full-width colon) are kept apart too", () => {
    const pasted = textFromPaste("会议记录\n\n张三：今天讨论预算\n李四：好的，我先说明情况。");
    expect(pasted.paragraphs.map((p) => p.text)).toEqual(["会议记录", "张三：今天讨论预算", "李四：好的，我先说明情况。"]);
  });
});
