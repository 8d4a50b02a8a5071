import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { AppError } from "@/lib/server/errors";
import { joinBlocks } from "./blocks";
import { readDocx, vetDocxArchive } from "./docx";
import { documentLimits } from "./limits";
import { deflatedZeros, docxArchive, wParagraph, wTable, zipArchive } from "@/tests/helpers/docx-fixtures";
import { entryData, readZipEntries } from "./zip";

const limits = documentLimits();
const MB = 1024 * 1024;

async function markdownOf(buf: Buffer): Promise<string> {
  return joinBlocks(await readDocx(buf, "test.docx", limits));
}

/** The AppError key a promise or call fails with. */
async function errorKeyOf(run: () => unknown): Promise<string> {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppError) return error.key;
    throw error;
  }
  throw new Error("did not fail");
}

describe("readDocx: structure as markdown", () => {
  it("keeps headings, paragraphs, nested bullet lists, numbered lists and tables (English)", async () => {
    const body = [
      wParagraph("Quarterly Plan", { style: "Heading1" }),
      wParagraph("An introduction with bold & <angle brackets>.", { bold: true }),
      wParagraph("Goals", { style: "Heading2" }),
      wParagraph("First goal", { numId: 1 }),
      wParagraph("A detail", { numId: 1, level: 1 }),
      wParagraph("A finer detail", { numId: 1, level: 2 }),
      wParagraph("Second goal", { numId: 1 }),
      wParagraph("Steps", { style: "Heading3" }),
      wParagraph("Draft", { numId: 2 }),
      wParagraph("Review", { numId: 2 }),
      wParagraph("With legal", { numId: 2, level: 1 }),
      wTable([["Item", "Owner"], ["Launch | beta", "Ann"], ["Docs", "Bob"]]),
      wParagraph("Closing words."),
    ].join("");
    expect(await markdownOf(docxArchive(body))).toBe(
      [
        "# Quarterly Plan",
        "An introduction with bold & <angle brackets>.",
        "## Goals",
        "- First goal\n  - A detail\n    - A finer detail\n- Second goal",
        "### Steps",
        "1. Draft\n2. Review\n   1. With legal",
        "| Item | Owner |\n| --- | --- |\n| Launch \\| beta | Ann |\n| Docs | Bob |",
        "Closing words.",
      ].join("\n\n"),
    );
  });

  it("keeps the same structure in Chinese", async () => {
    const body = [
      wParagraph("季度计划", { style: "Heading1" }),
      wParagraph("本季度的重点是提升用户体验。"),
      wParagraph("目标", { style: "Heading2" }),
      wParagraph("提高转写准确率", { numId: 1 }),
      wParagraph("中文方言", { numId: 1, level: 1 }),
      wParagraph("第一步：收集反馈", { numId: 2 }),
      wParagraph("第二步：改进模型", { numId: 2 }),
      wTable([["任务", "负责人"], ["上线", "张三"]]),
    ].join("");
    const blocks = await readDocx(docxArchive(body), "计划.docx", limits);
    expect(blocks).toEqual([
      { type: "heading", level: 1, text: "# 季度计划" },
      { type: "paragraph", text: "本季度的重点是提升用户体验。" },
      { type: "heading", level: 2, text: "## 目标" },
      { type: "list", text: "- 提高转写准确率\n  - 中文方言" },
      { type: "list", text: "1. 第一步：收集反馈\n2. 第二步：改进模型" },
      { type: "table", text: "| 任务 | 负责人 |\n| --- | --- |\n| 上线 | 张三 |" },
    ]);
  });

  it("drops images and reads a document with only empty paragraphs as no blocks", async () => {
    expect(await readDocx(docxArchive("<w:p/><w:p><w:r><w:t>  </w:t></w:r></w:p>"), "blank.docx", limits)).toEqual([]);
  });
});

describe("vetDocxArchive: a real Word package, safely sized", () => {
  it("refuses a PDF renamed .docx", async () => {
    const pdf = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n");
    expect(await errorKeyOf(() => readDocx(pdf, "report.docx", limits))).toBe("documents.notDocx");
  });

  it("refuses an old binary .doc renamed .docx", async () => {
    const doc = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]);
    expect(await errorKeyOf(() => readDocx(doc, "old.docx", limits))).toBe("documents.notDocx");
  });

  it("refuses random bytes", async () => {
    const random = Buffer.from(Array.from({ length: 10_000 }, (_, i) => (i * 2654435761) % 251));
    expect(["documents.notDocx", "documents.unreadable"]).toContain(await errorKeyOf(() => readDocx(random, "x.docx", limits)));
  });

  it("refuses a zip that is not a Word package (a spreadsheet, a plain archive)", async () => {
    const xlsx = zipArchive([
      { name: "[Content_Types].xml", data: "<Types/>" },
      { name: "xl/workbook.xml", data: "<workbook/>" },
    ]);
    expect(await errorKeyOf(() => readDocx(xlsx, "sheet.docx", limits))).toBe("documents.notDocx");
    const plain = zipArchive([{ name: "notes.txt", data: "hello" }]);
    expect(await errorKeyOf(() => readDocx(plain, "notes.docx", limits))).toBe("documents.notDocx");
  });

  it("calls a truncated archive unreadable", async () => {
    const truncated = docxArchive(wParagraph("Hello")).subarray(0, 300);
    expect(await errorKeyOf(() => readDocx(truncated, "cut.docx", limits))).toBe("documents.unreadable");
  });

  it("calls a package with damaged XML unreadable", async () => {
    const damaged = zipArchive([
      { name: "[Content_Types].xml", data: "<Types/>" },
      { name: "_rels/.rels", data: "<Relationships" },
      { name: "word/document.xml", data: "<w:document><w:body><w:p>" },
    ]);
    expect(await errorKeyOf(() => readDocx(damaged, "damaged.docx", limits))).toBe("documents.unreadable");
  });

  it("refuses a zip bomb (200 MB of zeros in ~200 KB) from its directory alone: fast, without inflating", async () => {
    const payload = await deflatedZeros(200 * MB);
    expect(payload.length).toBeLessThan(MB);
    const bomb = docxArchive(wParagraph("Hi"), [{ name: "word/media/zeros.bin", data: "", deflated: payload, declaredSize: 200 * MB }]);
    expect(() => vetDocxArchive(bomb, "bomb.docx", limits)).toThrow(expect.objectContaining({ key: "documents.unsafeArchive" }));
    const memoryBefore = process.memoryUsage().arrayBuffers;
    const started = performance.now();
    expect(await errorKeyOf(() => readDocx(bomb, "bomb.docx", limits))).toBe("documents.unsafeArchive");
    expect(performance.now() - started).toBeLessThan(1000);
    expect(process.memoryUsage().arrayBuffers - memoryBefore).toBeLessThan(20 * MB);
  });

  it("refuses an entry over the compression ratio even when the total is small", () => {
    const zeros = Buffer.alloc(2 * MB);
    const archive = docxArchive(wParagraph("Hi"), [{ name: "word/fill.xml", data: zeros }]);
    expect(() => vetDocxArchive(archive, "ratio.docx", limits)).toThrow(expect.objectContaining({ key: "documents.unsafeArchive" }));
    // Raise the ratio limit and the same archive passes the directory check.
    expect(() => vetDocxArchive(archive, "ratio.docx", documentLimits({ maxDocxCompressionRatio: 10_000 }))).not.toThrow();
  });

  it("refuses a total uncompressed size over the limit", () => {
    const archive = docxArchive(wParagraph("Hi"), [{ name: "word/media/a.bin", data: Buffer.alloc(2 * MB, 1), stored: true }]);
    expect(() => vetDocxArchive(archive, "big.docx", documentLimits({ maxDocxUncompressedBytes: MB }))).toThrow(
      expect.objectContaining({ key: "documents.unsafeArchive" }),
    );
  });

  it("refuses too many entries", () => {
    const many = Array.from({ length: 2001 }, (_, i) => ({ name: `word/media/${i}.txt`, data: "x", stored: true }));
    expect(() => vetDocxArchive(docxArchive(wParagraph("Hi"), many), "many.docx", limits)).toThrow(
      expect.objectContaining({ key: "documents.unsafeArchive" }),
    );
  });

  it("refuses a header that understates an entry's size, stopping early", async () => {
    const payload = await deflatedZeros(200 * MB);
    // Declares 300 KB for ~200 KB of deflate that would inflate to 200 MB: passes the directory check.
    const liar = docxArchive(wParagraph("Hi"), [{ name: "word/liar.xml", data: "", deflated: payload, declaredSize: 300 * 1024 }]);
    expect(() => vetDocxArchive(liar, "liar.docx", limits)).not.toThrow();
    const started = performance.now();
    expect(await errorKeyOf(() => readDocx(liar, "liar.docx", limits))).toBe("documents.unsafeArchive");
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe("readDocx: other archives", () => {
  it("calls an XML entity bomb ('billion laughs') unreadable, quickly", async () => {
    const entities = ['<!ENTITY lol0 "lol">'];
    for (let i = 1; i < 10; i++) entities.push(`<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`);
    const documentXml = `<?xml version="1.0"?><!DOCTYPE w:document [${entities.join("")}]><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>&lol9;</w:t></w:r></w:p></w:body></w:document>`;
    const archive = zipArchive([
      { name: "[Content_Types].xml", data: "<Types/>" },
      { name: "_rels/.rels", data: '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>' },
      { name: "word/document.xml", data: documentXml },
    ]);
    const started = performance.now();
    expect(await errorKeyOf(() => readDocx(archive, "laughs.docx", limits))).toBe("documents.unreadable");
    expect(performance.now() - started).toBeLessThan(1000);
  });

  const zipCommand = spawnSync("zip", ["-v"]).status === 0;
  (zipCommand ? it : it.skip)("reads a .docx written with zip64 records (Debian's zip -fz)", async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "docx-zip64-"));
    try {
      const plain = zipEntriesOf(docxArchive(wParagraph("Zip64 heading", { style: "Heading1" }) + wParagraph("Body.")));
      for (const [name, data] of plain) {
        fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
        fs.writeFileSync(path.join(folder, name), data);
      }
      const result = spawnSync("zip", ["-q", "-X", "-fz", "-r", "out.docx", ...plain.map(([name]) => name)], { cwd: folder });
      expect(result.status).toBe(0);
      const zip64 = fs.readFileSync(path.join(folder, "out.docx"));
      expect(zip64.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(true); // a zip64 end record
      expect(await markdownOf(zip64)).toBe("# Zip64 heading\n\nBody.");
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});

/** The entries of an archive we wrote (all stored or deflated), by name. */
function zipEntriesOf(archive: Buffer): [string, Buffer][] {
  return readZipEntries(archive).map((entry) => {
    const data = entryData(archive, entry);
    return [entry.name, entry.method === 0 ? data : zlib.inflateRawSync(data)];
  });
}
