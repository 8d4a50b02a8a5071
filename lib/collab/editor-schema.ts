import { Node, mergeAttributes, type AnyExtension } from "@tiptap/core";
import StarterKit from "@tiptap/starter-kit";
import { formatClock } from "@/lib/format/time";

// The two co-edited documents' TipTap schemas, shared by the browser editor and the server
// (which seeds a Yjs document from a task with the same schema). No server imports.
//
// Transcript: one block per timeline entry; each keeps its speaker and times as node
// attributes, so a paragraph's text can change (or be split) without losing them.
// Summary: the markdown source, one paragraph per line (lossless: no markdown round trip).

/** The Y.XmlFragment both documents bind to (the Collaboration extension's `field`). */
export const COLLAB_FIELD = "default";

export const ENTRY_NODE = "transcriptEntry";

export interface EntryLabelOptions {
  /** Speaker id → name shown before each paragraph. */
  speakers: Record<string, string>;
}

const numberAttr = (name: string) => ({
  default: null,
  parseHTML: (el: HTMLElement) => {
    const v = Number(el.getAttribute(name));
    return Number.isFinite(v) ? v : null;
  },
  renderHTML: () => ({}),
});

/** A timeline entry: speaker and times as attributes, the label drawn read-only before the text. */
export const TranscriptEntry = Node.create<EntryLabelOptions>({
  name: ENTRY_NODE,
  group: "block",
  content: "inline*",
  defining: true,
  addOptions() {
    return { speakers: {} };
  },
  addAttributes() {
    return {
      speakerId: { default: null, parseHTML: (el) => el.getAttribute("data-speaker-id"), renderHTML: () => ({}) },
      beginMs: numberAttr("data-begin-ms"),
      endMs: numberAttr("data-end-ms"),
    };
  },
  parseHTML() {
    return [{ tag: "div[data-entry]", contentElement: "p" }];
  },
  renderHTML({ node, HTMLAttributes }) {
    const speakerId = node.attrs.speakerId as string | null;
    const name = (speakerId && this.options.speakers[speakerId]) || "";
    const begin = node.attrs.beginMs as number | null;
    // Documents and pasted text have no clock (every entry at 0 ms): no time is shown for them.
    const timed = begin !== null && ((node.attrs.endMs as number | null) ?? 0) > 0;
    const label = [name, timed ? formatClock(begin) : ""].filter(Boolean).join(" · ");
    const attrs = {
      "data-entry": "",
      "data-speaker-id": speakerId ?? "",
      "data-begin-ms": begin ?? "",
      "data-end-ms": (node.attrs.endMs as number | null) ?? "",
    };
    return ["div", mergeAttributes(HTMLAttributes, attrs), ["span", { "data-entry-label": "", contenteditable: "false" }, label], ["p", 0]];
  },
});

/** Only text in these documents: every formatting and structure extension is off. */
const plainKit = {
  undoRedo: false, // the Collaboration extension brings its own (Yjs) undo
  blockquote: false,
  bold: false,
  bulletList: false,
  code: false,
  codeBlock: false,
  hardBreak: false,
  heading: false,
  horizontalRule: false,
  italic: false,
  link: false,
  listItem: false,
  listKeymap: false,
  orderedList: false,
  strike: false,
  underline: false,
  trailingNode: false,
} as const;

const TranscriptDocument = Node.create({ name: "doc", topNode: true, content: `${ENTRY_NODE}+` });

export function transcriptExtensions(speakers: Record<string, string> = {}): AnyExtension[] {
  return [StarterKit.configure({ ...plainKit, document: false, paragraph: false }), TranscriptDocument, TranscriptEntry.configure({ speakers })];
}

export function summaryExtensions(): AnyExtension[] {
  return [StarterKit.configure(plainKit)];
}
