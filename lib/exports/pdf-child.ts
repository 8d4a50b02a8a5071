// The child process that renders an export PDF (started by lib/exports/pdf.ts). Rendering a
// long transcript takes seconds of CPU and a few hundred MB, so it happens here, away from
// the web server's event loop and heap. It is sent the head, then the turns in batches, then
// "end"; it writes the PDF to the path it was given and answers with its size.
import { statSync } from "node:fs";
import { pdfDocument, registerFonts, type PdfHead, type PdfTurn, type ReactPdfModule } from "./pdf-document";

// Not `import "server-only"`: this module runs in the PDF child process, forked without the
// react-server condition (react-pdf needs React's full build, which that condition swaps out),
// and there "server-only" throws by design. The same guard by hand: never in a browser.
if (typeof window !== "undefined") throw new Error("lib/exports/pdf-child.ts is server code");

export type PdfChildMessage = { type: "head"; head: PdfHead; out: string } | { type: "turns"; turns: PdfTurn[] } | { type: "end" };
export type PdfChildAnswer = { ok: true; bytes: number; peakRssKb: number } | { ok: false; error: string };

let head: PdfHead | null = null;
let out = "";
const turns: PdfTurn[] = [];

const answer = (a: PdfChildAnswer) => process.send!(a, () => process.exit(0));

async function render() {
  if (!head || !out) throw new Error("no head before end");
  const rp = (await import("@react-pdf/renderer")) as ReactPdfModule;
  const family = registerFonts(rp, head.language);
  await rp.renderToFile(pdfDocument(rp, { head, turns, family }), out);
  return statSync(out).size;
}

process.on("message", (m: PdfChildMessage) => {
  if (m.type === "head") {
    head = m.head;
    out = m.out;
  } else if (m.type === "turns") {
    for (const t of m.turns) turns.push(t);
  } else {
    render().then(
      (bytes) => answer({ ok: true, bytes, peakRssKb: process.resourceUsage().maxRSS }),
      (e: unknown) => answer({ ok: false, error: e instanceof Error ? (e.stack ?? e.message) : String(e) }),
    );
  }
});
