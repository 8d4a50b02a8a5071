// The PDF's layout (@react-pdf/renderer): title, summary, mind-map outline, transcript.
// Runs only in the PDF child process (pdf-child.ts), never in the web server. react-pdf is
// ESM-only with subpaths a require() cannot resolve, so the child import()s it and hands it in.
import { existsSync } from "node:fs";
import type * as ReactPdf from "@react-pdf/renderer";
import type { Block, Run } from "./markdown-blocks";

// Not `import "server-only"`: this module runs in the PDF child process, forked without the
// react-server condition (react-pdf needs React's full build, which that condition swaps out),
// and there "server-only" throws by design. The same guard by hand: never in a browser.
if (typeof window !== "undefined") throw new Error("lib/exports/pdf-document.tsx is server code");

export type ReactPdfModule = typeof ReactPdf;

export interface PdfTurn {
  /** "Name  01:23", or "" for a transcript without speakers or times. */
  head: string;
  text: string;
}

export interface PdfHead {
  title: string;
  /** Task language: picks the Noto CJK face whose Han glyphs match (sc, jp, kr). */
  language: string | null;
  summary: Block[];
  outline: { depth: number; text: string }[];
  labels: { summary: string; mindMap: string; transcript: string };
}

const FONT_DIR = "/usr/share/fonts/opentype/noto";
const FACE: Record<string, string> = { zh: "sc", ja: "jp", ko: "kr" };
// Han, kana, hangul, CJK punctuation and full-width forms: a line may break between any two.
const CJK = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]/;
const CJK_OR_RUN = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]|[^\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]+/g;

let registered = "";

/**
 * Break points of a word: between any two CJK characters, none inside other words. The empty
 * piece after each character keeps react-pdf from drawing a hyphen where it breaks the line.
 */
export function splitCjk(word: string): string[] {
  if (!CJK.test(word)) return [word];
  return (word.match(CJK_OR_RUN) ?? [word]).flatMap((piece) => [piece, ""]);
}

/** Noto Sans CJK (Latin, Cyrillic and Greek included); react-pdf breaks lines only at spaces, so CJK words split into characters. */
export function registerFonts({ Font }: ReactPdfModule, language: string | null): string {
  // Without Debian's fonts-noto-cjk (scripts/Dockerfile installs it) the PDF still renders, in Helvetica: no CJK glyphs.
  if (!existsSync(`${FONT_DIR}/NotoSansCJK-Regular.ttc`)) return "Helvetica";
  const face = FACE[(language ?? "").slice(0, 2)] ?? "sc";
  const family = `NotoSansCJK${face}`;
  if (registered.includes(family)) return family;
  Font.register({
    family,
    fonts: [
      { src: `${FONT_DIR}/NotoSansCJK-Regular.ttc`, postscriptName: `NotoSansCJK${face}-Regular` } as never,
      { src: `${FONT_DIR}/NotoSansCJK-Bold.ttc`, postscriptName: `NotoSansCJK${face}-Bold`, fontWeight: "bold" } as never,
    ],
  });
  Font.registerHyphenationCallback(splitCjk);
  registered += `${family};`;
  return family;
}

/**
 * react-pdf paginates one <Page> element by splitting what is left again and again, which grows
 * faster than linearly with its content (a 3-hour transcript in one element took minutes). So the
 * transcript goes into page elements of about this many characters each (some 4 A4 pages); each
 * starts on a new sheet, which leaves part of a sheet blank every few pages.
 */
export const CHARS_PER_PAGE_ELEMENT = 12_000;

export function groupTurns(turns: PdfTurn[], budget = CHARS_PER_PAGE_ELEMENT): PdfTurn[][] {
  const groups: PdfTurn[][] = [];
  let size = budget;
  for (const turn of turns) {
    if (size >= budget) {
      groups.push([]);
      size = 0;
    }
    groups[groups.length - 1]!.push(turn);
    size += turn.head.length + turn.text.length;
  }
  return groups;
}

/** The document element for react-pdf's renderer. */
export function pdfDocument(rp: ReactPdfModule, props: { head: PdfHead; turns: PdfTurn[]; family: string }) {
  const { Document, Page, StyleSheet, Text, View } = rp;
  const styles = StyleSheet.create({
    page: { paddingVertical: 48, paddingHorizontal: 52, fontSize: 10.5, lineHeight: 1.55, color: "#111827" },
    title: { fontSize: 20, fontWeight: "bold", marginBottom: 16 },
    section: { fontSize: 14, fontWeight: "bold", marginTop: 18, marginBottom: 8, color: "#1d4ed8" },
    heading: { fontWeight: "bold", marginTop: 8, marginBottom: 3 },
    paragraph: { marginBottom: 5 },
    item: { flexDirection: "row", marginBottom: 2 },
    bullet: { width: 14 },
    itemText: { flex: 1 },
    turn: { marginTop: 6 },
    turnHead: { fontWeight: "bold", color: "#374151" },
  });

  function Runs({ runs }: { runs: Run[] }) {
    return (
      <>
        {runs.map((r, i) => (
          <Text key={i} style={r.bold ? { fontWeight: "bold" } : undefined}>
            {r.text}
          </Text>
        ))}
      </>
    );
  }

  function SummaryBlock({ block }: { block: Block }) {
    if (block.kind === "heading") {
      return (
        <Text style={[styles.heading, { fontSize: Math.max(11, 16 - block.level * 1.5) }]} minPresenceAhead={24}>
          <Runs runs={block.runs} />
        </Text>
      );
    }
    if (block.kind === "item") {
      return (
        <View style={[styles.item, { marginLeft: block.depth * 14 }]} wrap={false}>
          <Text style={styles.bullet}>{block.ordered ? `${block.number}.` : "•"}</Text>
          <Text style={styles.itemText}>
            <Runs runs={block.runs} />
          </Text>
        </View>
      );
    }
    return (
      <Text style={styles.paragraph}>
        <Runs runs={block.runs} />
      </Text>
    );
  }

  function Intro({ head }: { head: PdfHead }) {
    return (
      <>
        <Text style={styles.title}>{head.title}</Text>
        {head.summary.length ? <Text style={styles.section}>{head.labels.summary}</Text> : null}
        {head.summary.map((block, i) => (
          <SummaryBlock key={i} block={block} />
        ))}
        {head.outline.length ? <Text style={styles.section}>{head.labels.mindMap}</Text> : null}
        {head.outline.map((line, i) => (
          <View key={i} style={[styles.item, { marginLeft: line.depth * 14 }]} wrap={false}>
            <Text style={styles.bullet}>{line.depth === 0 ? "◆" : "•"}</Text>
            <Text style={[styles.itemText, line.depth === 0 ? { fontWeight: "bold" } : {}]}>{line.text}</Text>
          </View>
        ))}
      </>
    );
  }

  function PdfDocument({ head, turns, family }: { head: PdfHead; turns: PdfTurn[]; family: string }) {
    const page = [styles.page, { fontFamily: family }];
    const introApart = head.summary.length + head.outline.length > 0;
    const groups = groupTurns(turns);
    return (
      <Document title={head.title} creator="Tingji" producer="Tingji">
        {introApart || !groups.length ? (
          <Page size="A4" style={page}>
            <Intro head={head} />
          </Page>
        ) : null}
        {groups.map((group, g) => (
          <Page key={g} size="A4" style={page}>
            {g === 0 && !introApart ? <Intro head={head} /> : null}
            {g === 0 ? <Text style={styles.section}>{head.labels.transcript}</Text> : null}
            {group.map((turn, i) => (
              // One text per turn (name and time in bold, then the words): few nodes keep layout fast.
              <Text key={i} style={styles.turn}>
                {turn.head ? <Text style={styles.turnHead}>{`${turn.head}\n`}</Text> : null}
                {turn.text}
              </Text>
            ))}
          </Page>
        ))}
      </Document>
    );
  }

  return <PdfDocument {...props} />;
}
