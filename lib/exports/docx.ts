import "server-only";
import { AlignmentType, Document, HeadingLevel, LevelFormat, Packer, Paragraph, TextRun } from "docx";
import { formatClock } from "@/lib/format/time";
import { TurnGrouper, type ExportEntry, type SpeakerTurn, type TranscriptShape } from "./lines";
import { markdownBlocks, type Run } from "./markdown-blocks";

// Word files with the `docx` package. A .docx is a zip that docx builds whole, so the
// paragraphs of the document and the finished file are in memory at the end (docs/exports.md
// gives the bound: about 1 KB of paragraph objects per speaker turn, measured in bench/README.md).

/** Word picks these when the font is installed; CJK text needs an East Asian font named. */
const EAST_ASIAN_FONT: Record<string, string> = { zh: "Microsoft YaHei", ja: "Yu Gothic", ko: "Malgun Gothic" };
const HEADINGS = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3, HeadingLevel.HEADING_4, HeadingLevel.HEADING_5, HeadingLevel.HEADING_6];

function document(language: string | null, children: Paragraph[]): Document {
  const eastAsia = EAST_ASIAN_FONT[(language ?? "").slice(0, 2)] ?? "Microsoft YaHei";
  return new Document({
    creator: "Tingji",
    styles: { default: { document: { run: { font: { ascii: "Calibri", hAnsi: "Calibri", cs: "Calibri", eastAsia }, size: 22 } } } },
    numbering: {
      config: [
        {
          reference: "ordered",
          levels: [0, 1, 2, 3].map((level) => ({ level, format: LevelFormat.DECIMAL, text: `%${level + 1}.`, alignment: AlignmentType.START, style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } } })),
        },
      ],
    },
    sections: [{ children }],
  });
}

const runs = (list: Run[]) => list.map((r) => new TextRun({ text: r.text, bold: r.bold }));

function turnParagraphs(turn: SpeakerTurn, shape: TranscriptShape): Paragraph[] {
  const head: TextRun[] = [];
  if (shape.withSpeakers) head.push(new TextRun({ text: shape.nameOf(turn.speakerId), bold: true }));
  if (shape.timed) head.push(new TextRun({ text: `${head.length ? "  " : ""}${formatClock(turn.begin)}`, color: "6B7280" }));
  const body = new Paragraph({ children: [new TextRun(turn.texts.join(" "))], spacing: { after: 200 } });
  return head.length ? [new Paragraph({ children: head, keepNext: true }), body] : [body];
}

/** The transcript: title, then each speaker turn as its name and time (bold, grey) over its text. */
export async function transcriptDocx(title: string, language: string | null, pages: AsyncIterable<ExportEntry[]>, shape: TranscriptShape): Promise<Buffer> {
  const children: Paragraph[] = [new Paragraph({ text: title, heading: HeadingLevel.TITLE })];
  const turns = new TurnGrouper();
  for await (const page of pages) {
    for (const entry of page) {
      const ended = turns.push(entry);
      if (ended) children.push(...turnParagraphs(ended, shape));
    }
  }
  const last = turns.flush();
  if (last) children.push(...turnParagraphs(last, shape));
  return Packer.toBuffer(document(language, children));
}

/** The summary: its headings, lists and paragraphs, with bold kept; the title first unless the summary starts with its own. */
export async function summaryDocx(title: string, language: string | null, summary: string): Promise<Buffer> {
  const blocks = markdownBlocks(summary);
  const children: Paragraph[] = blocks[0]?.kind === "heading" && blocks[0].level === 1 ? [] : [new Paragraph({ text: title, heading: HeadingLevel.TITLE })];
  for (const block of blocks) {
    if (block.kind === "heading") children.push(new Paragraph({ children: runs(block.runs), heading: HEADINGS[block.level - 1] }));
    else if (block.kind === "item" && block.ordered) children.push(new Paragraph({ children: runs(block.runs), numbering: { reference: "ordered", level: Math.min(block.depth, 3) } }));
    else if (block.kind === "item") children.push(new Paragraph({ children: runs(block.runs), bullet: { level: Math.min(block.depth, 3) } }));
    else children.push(new Paragraph({ children: runs(block.runs), spacing: { after: 160 } }));
  }
  return Packer.toBuffer(document(language, children));
}
