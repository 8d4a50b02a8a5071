// Generated hostile inputs for the hostile-input drill: bad media, bad
// documents, huge and deep JSON, invalid UTF-8, control characters, overlong
// text, path traversal in file names and links to private addresses.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CORPUS } from "@/tests/helpers/api";
import { deflatedZeros, docxArchive, wParagraph } from "@/tests/helpers/docx-fixtures";

export type RouteName =
  | "create"
  | "merge"
  | "createDocument"
  | "documentEstimate"
  | "pasteText"
  | "importLink"
  | "joinMeeting"
  | "editTitle"
  | "editSpeakers"
  | "editEntries"
  | "hotword"
  | "hotwordBatch"
  | "hotwordUpdate"
  | "style"
  | "ask"
  | "translation"
  | "language"
  | "preferences"
  | "sendLink"
  | "verifyLink"
  | "devLogin"
  | "listTasks";

export interface HostileCase {
  name: string;
  category: string;
  route: RouteName;
  /** multipart files: bytes + the name and type the client claims. */
  files?: { data: Buffer; name: string; type: string }[];
  fields?: Record<string, string>;
  json?: unknown;
  raw?: Buffer | string;
  contentType?: string;
  query?: Record<string, string>;
  /** An answer of 200 is fine (the input is odd but harmless). */
  mayAccept: boolean;
  /** If accepted, no control character or lone surrogate may be stored or echoed. */
  mustStrip?: boolean;
  /** A file that must not exist afterwards (path traversal target). */
  canary?: string;
}

export interface Fixtures {
  wav: Buffer;
  mp3: Buffer;
  m4a: Buffer;
  id3Script: Buffer;
  id3Huge: Buffer;
  bomb: Buffer;
  xxe: Buffer;
  docx: Buffer;
}

/** Builds the media and document fixtures once, in `dir`. */
export async function buildFixtures(dir: string): Promise<Fixtures> {
  const wavPath = path.join(CORPUS, "single/en_cards_002.wav");
  const ff = (args: string[]) => execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...args]);
  const mp3 = path.join(dir, "clip.mp3");
  ff(["-i", wavPath, "-c:a", "libmp3lame", "-b:a", "64k", mp3]);
  const m4a = path.join(dir, "clip.m4a");
  ff(["-i", wavPath, "-c:a", "aac", m4a]);
  const id3Script = path.join(dir, "script.mp3");
  ff(["-i", wavPath, "-c:a", "libmp3lame", "-b:a", "64k", "-id3v2_version", "3", "-metadata", "title=<script>alert(document.domain)</script>", "-metadata", "artist=<img src=x onerror=alert(1)>", id3Script]);
  const huge = path.join(dir, "huge-tags.mp3");
  // Tags too big for a command line go through an ffmetadata file.
  const meta = path.join(dir, "huge.ffmeta");
  fs.writeFileSync(meta, `;FFMETADATA1\ncomment=${"<script>x</script>".repeat(20_000)}\ntitle=${"T".repeat(60_000)}\n`);
  ff(["-i", wavPath, "-i", meta, "-map_metadata", "1", "-c:a", "libmp3lame", "-b:a", "64k", "-id3v2_version", "3", huge]);
  const entities = ['<!ENTITY lol0 "lol">'];
  for (let i = 1; i < 10; i++) entities.push(`<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`);
  const xxeBody = `<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE w:document [<!ENTITY xxe SYSTEM "file:///etc/passwd">${entities.join("")}]><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>&xxe;&lol9;</w:t></w:r></w:p></w:body></w:document>`;
  const xxe = docxArchive(wParagraph("placeholder"), [{ name: "word/document.xml", data: xxeBody }]);
  return {
    wav: fs.readFileSync(wavPath),
    mp3: fs.readFileSync(mp3),
    m4a: fs.readFileSync(m4a),
    id3Script: fs.readFileSync(id3Script),
    id3Huge: fs.readFileSync(huge),
    bomb: docxArchive(wParagraph("Hi"), [{ name: "word/media/zeros.bin", data: "", deflated: await deflatedZeros(200 * 1024 * 1024), declaredSize: 200 * 1024 * 1024 }]),
    xxe,
    docx: docxArchive(wParagraph("A perfectly normal document.")),
  };
}

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const MEDIA_NAMES = ["clip.mp3", "clip.wav", "clip.m4a", "clip.mp4", "clip.webm", "clip.ogg", "clip.flac", "page.html", "clip"];
const CLAIMED_TYPES = ["audio/mpeg", "audio/wav", "video/mp4", "text/html", "application/octet-stream", "image/svg+xml", ""];

const HOSTILE_STRINGS: [string, string][] = [
  ["NUL", "a\u0000b"],
  ["only NUL", "\u0000"],
  ["control chars", "x\u0001\u0007\u001b[31m\u007f\u0085y"],
  ["bidi override", "abc\u202egnp.exe"],
  ["lone surrogate", "a\ud800b"],
  ["script tag", "<script>alert(1)</script>"],
  ["CRLF injection", "title\r\nSet-Cookie: x=1"],
  ["overlong 201", "t".repeat(201)],
  ["overlong 10k", "t".repeat(10_000)],
  ["overlong 1M", "t".repeat(1_000_000)],
  ["zero-width only", "\u200b\u200b\u200b"],
  ["spaces only", "    "],
  ["percent NUL", "%00%0d%0a"],
  ["emoji storm", "😀".repeat(5000)],
];

const TRAVERSAL_NAMES = ["../../../../../../tmp/{canary}", "..\\..\\..\\..\\tmp\\{canary}", "/tmp/{canary}", "uploads/../../{canary}", "....//....//{canary}", "%2e%2e%2f%2e%2e%2f{canary}", "\u0000{canary}", "{canary}\u0000.exe", "con.wav", "a".repeat(5000) + ".wav"];

const PRIVATE_URLS = [
  "http://127.0.0.1/",
  "http://127.0.0.1:22/",
  "http://localhost/video",
  "http://drill.localhost/video",
  "http://169.254.169.254/latest/meta-data/",
  "http://[::1]/",
  "http://[::ffff:127.0.0.1]/",
  "http://0.0.0.0/",
  "http://10.0.0.1/",
  "http://192.168.1.1/",
  "http://172.16.0.1/",
  "http://2130706433/",
  "http://0x7f000001/",
  "http://127.1/",
  "http://[fd00::1]/",
  "file:///etc/passwd",
  "ftp://127.0.0.1/x",
  "gopher://127.0.0.1:6379/_INFO",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "http://user:pass@127.0.0.1/",
  "https://127.0.0.1.nip.io/",
  "not a url",
  "",
];

/** Names that resolve to loopback here without DNS: /etc/hosts entries and this machine's own name. */
function loopbackNames(): string[] {
  const names = new Set([os.hostname()]);
  try {
    for (const line of fs.readFileSync("/etc/hosts", "utf8").split("\n")) {
      const [address, ...hosts] = line.replace(/#.*/, "").trim().split(/\s+/);
      if (address && /^(127\.|::1$)/.test(address)) for (const h of hosts) names.add(h);
    }
  } catch {
    // no /etc/hosts
  }
  return [...names].filter(Boolean);
}

/** `redirector` is an allowed loopback host whose /to?u= answers 302 to u; `canary` a private server that must never be reached. */
export function generateCases(fx: Fixtures, opts: { count: number; seed: number; canaryDir: string; redirector: string; canaryUrl: string }): HostileCase[] {
  const r = rng(opts.seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const all: HostileCase[] = [];
  const add = (c: HostileCase) => all.push(c);

  // Media: zero-length, random bytes, truncated real media, with any claimed name and type.
  for (const name of MEDIA_NAMES) for (const type of CLAIMED_TYPES) add({ name: `zero-length ${name} as ${type || "none"}`, category: "media: zero-length", route: "create", files: [{ data: Buffer.alloc(0), name, type }], mayAccept: false });
  for (let i = 0; i < 60; i++) {
    const size = pick([1, 4, 44, 512, 4096, 65_536]);
    const data = Buffer.from(Array.from({ length: size }, () => Math.floor(r() * 256)));
    add({ name: `random ${size} B as ${pick(MEDIA_NAMES)}`, category: "media: fake", route: pick(["create", "create", "merge"]), files: [{ data, name: pick(MEDIA_NAMES), type: pick(CLAIMED_TYPES) }, ...(r() < 0.5 ? [{ data, name: "b.mp3", type: "audio/mpeg" }] : [])], mayAccept: false });
  }
  const fakeHeaders: [string, Buffer][] = [
    ["RIFF header only", fx.wav.subarray(0, 44)],
    ["ID3 header only", Buffer.from("ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000", "latin1")],
    ["ftyp only", fx.m4a.subarray(0, 32)],
    ["html as mp3", Buffer.from("<html><script>alert(1)</script></html>")],
    ["svg as wav", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
    ["pdf as mp3", Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj<<>>endobj")],
    ["zip as m4a", fx.docx],
    ["exe as wav", Buffer.concat([Buffer.from("MZ"), Buffer.alloc(1000)])],
  ];
  for (const [label, data] of fakeHeaders) for (const name of ["a.mp3", "a.wav", "a.m4a"]) add({ name: `${label} named ${name}`, category: "media: fake", route: "create", files: [{ data, name, type: "audio/mpeg" }], mayAccept: false });
  for (const [label, media, name] of [["wav", fx.wav, "t.wav"], ["mp3", fx.mp3, "t.mp3"], ["m4a", fx.m4a, "t.m4a"]] as const) {
    for (const frac of [0.001, 0.01, 0.05, 0.1, 0.3, 0.5, 0.8, 0.95]) {
      // Truncated media may still hold some audio: accepting it is fine if it is measured (billed) on what decodes (the runner checks).
      add({ name: `${label} truncated to ${Math.round(frac * 100)}%`, category: "media: truncated", route: "create", files: [{ data: media.subarray(0, Math.max(1, Math.floor(media.length * frac))), name, type: "audio/mpeg" }], fields: { start: "true" }, mayAccept: true });
    }
  }
  // Hostile metadata, declared as HTML: may be accepted, but must never be served as HTML (checked by the runner).
  for (const type of ["text/html", "image/svg+xml", "application/xhtml+xml", "audio/mpeg"]) {
    add({ name: `ID3 <script> as ${type}`, category: "media: hostile metadata", route: "create", files: [{ data: fx.id3Script, name: "x.html", type }], mayAccept: true });
    add({ name: `ID3 huge tags as ${type}`, category: "media: hostile metadata", route: "create", files: [{ data: fx.id3Huge, name: "huge.mp3", type }], mayAccept: true });
  }
  // Path traversal in file names (of a valid clip): accepted or not, nothing is written outside DATA_DIR.
  let canaries = 0;
  for (const pattern of TRAVERSAL_NAMES) for (const route of ["create", "createDocument"] as const) {
    const canary = `tingji-drill-canary-${opts.seed}-${canaries++}.wav`;
    const fileName = pattern.replace("{canary}", canary);
    add({ name: `traversal ${JSON.stringify(fileName.slice(0, 60))} via ${route}`, category: "file names: traversal", route, files: [{ data: route === "create" ? fx.wav : Buffer.from("hello\nworld\n"), name: route === "create" ? fileName : fileName.replace(/\.wav/, ".txt"), type: "audio/wav" }], mayAccept: true, canary: path.join(opts.canaryDir, canary) });
  }
  // Documents.
  for (const route of ["createDocument", "documentEstimate"] as const) {
    add({ name: `docx zip bomb via ${route}`, category: "documents: zip bomb", route, files: [{ data: fx.bomb, name: "bomb.docx", type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" }], mayAccept: false });
    add({ name: `docx external entities via ${route}`, category: "documents: XXE", route, files: [{ data: fx.xxe, name: "xxe.docx", type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" }], mayAccept: false });
    for (const frac of [0.1, 0.5, 0.9]) add({ name: `docx truncated ${frac * 100}% via ${route}`, category: "documents: truncated", route, files: [{ data: fx.docx.subarray(0, Math.floor(fx.docx.length * frac)), name: "cut.docx", type: "application/octet-stream" }], mayAccept: false });
    add({ name: `zero-length txt via ${route}`, category: "documents: zero-length", route, files: [{ data: Buffer.alloc(0), name: "empty.txt", type: "text/plain" }], mayAccept: false });
    add({ name: `invalid UTF-8 txt via ${route}`, category: "invalid UTF-8", route, files: [{ data: Buffer.from([0xff, 0xfe, 0xfd, 0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x28, 0xa1, 0xf0, 0x28, 0x8c, 0xbc]), name: "bad.txt", type: "text/plain" }], mayAccept: true });
    add({ name: `NUL-filled txt via ${route}`, category: "control characters", route, files: [{ data: Buffer.alloc(10_000), name: "nul.txt", type: "text/plain" }], mayAccept: false });
    add({ name: `random bytes as .docx via ${route}`, category: "documents: fake", route, files: [{ data: Buffer.from(Array.from({ length: 3000 }, () => Math.floor(r() * 256))), name: "fake.docx", type: "application/octet-stream" }], mayAccept: false });
  }
  // Malformed multipart.
  const boundary = "----drillboundary";
  const openPart = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\nContent-Type: audio/wav\r\n\r\n`;
  const multipart: [string, string | Buffer, string][] = [
    ["no closing boundary", Buffer.concat([Buffer.from(openPart), fx.wav.subarray(0, 2000)]), `multipart/form-data; boundary=${boundary}`],
    ["no boundary parameter", openPart, "multipart/form-data"],
    ["boundary mismatch", openPart + "x\r\n--other--\r\n", `multipart/form-data; boundary=${boundary}`],
    ["header without end", `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.wav"`, `multipart/form-data; boundary=${boundary}`],
    ["JSON instead of multipart", '{"file":"x"}', "application/json"],
    ["empty body", "", `multipart/form-data; boundary=${boundary}`],
    ["text/plain", "hello", "text/plain"],
    ["NUL in part name", `--${boundary}\r\nContent-Disposition: form-data; name="fi\u0000le"; filename="a\u0000.wav"\r\n\r\nxx\r\n--${boundary}--\r\n`, `multipart/form-data; boundary=${boundary}`],
  ];
  for (const [label, raw, contentType] of multipart) for (const route of ["create", "merge", "createDocument", "documentEstimate"] as const) add({ name: `multipart ${label} via ${route}`, category: "multipart: malformed", route, raw, contentType, mayAccept: false });

  // JSON: huge, deep, invalid UTF-8, not JSON at all.
  const jsonRoutes: RouteName[] = ["pasteText", "editTitle", "editSpeakers", "editEntries", "hotword", "hotwordBatch", "hotwordUpdate", "style", "ask", "translation", "language", "preferences", "sendLink", "verifyLink", "devLogin", "importLink", "joinMeeting"];
  const deep = (n: number) => "[".repeat(n) + "]".repeat(n);
  const deepObj = (n: number) => '{"a":'.repeat(n) + "1" + "}".repeat(n);
  const bodies: [string, string | Buffer][] = [
    ["2 MB JSON", JSON.stringify({ text: "x".repeat(2 * 1024 * 1024), title: "big" })],
    ["12 MB JSON", JSON.stringify({ text: "y".repeat(12 * 1024 * 1024) })],
    ["nested 10k arrays", deep(10_000)],
    ["nested 200k arrays", deep(200_000)],
    // Deep nesting inside 1 MB: refused, or parsed and its unknown keys ignored (no crash, no 500).
    ["nested 50k objects", deepObj(50_000)],
    ["invalid UTF-8", Buffer.concat([Buffer.from('{"title":"'), Buffer.from([0xff, 0xfe, 0xc3, 0x28]), Buffer.from('"}')])],
    ["truncated JSON", '{"title": "abc'],
    ["not JSON", "hello=world"],
    ["JSON null", "null"],
    ["JSON array", "[1,2,3]"],
    ["JSON string", '"just a string"'],
    ["BOM + JSON", "\ufeff{}"],
    ["NUL byte raw", '{"title":"a\u0000b"}'],
    ["proto pollution", '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}'],
  ];
  for (const route of jsonRoutes) for (const [label, raw] of bodies) add({ name: `${label} to ${route}`, category: "JSON: huge/deep/invalid", route, raw, contentType: "application/json", mayAccept: label === "proto pollution" || label === "BOM + JSON" || label === "JSON null" || label === "JSON array" || label === "JSON string" || label.startsWith("nested") });

  // Text fields with hostile strings, on every route that takes text.
  const fieldsOf: Record<string, (s: string) => unknown> = {
    pasteText: (s) => ({ text: `Real text line.\n${s}`, title: s }),
    "pasteText text": (s) => ({ text: s }),
    editTitle: (s) => ({ title: s }),
    editSpeakers: (s) => ({ speakers: [{ id: "{speaker}", name: s }] }),
    editEntries: (s) => ({ entries: [{ index: 0, text: s }] }),
    hotword: (s) => ({ text: s }),
    hotwordBatch: (s) => ({ texts: `${s}\n${s}x` }),
    style: (s) => ({ enabled: true, lengthPreference: "short", focusArea: s, customInstructions: s }),
    ask: (s) => ({ task_id: "{task}", question: s }),
    language: (s) => ({ language: s }),
    sendLink: (s) => ({ email: `${s}@example.com`, origin: "transcribe" }),
    "sendLink return": (s) => ({ email: "victim@example.com", origin: "transcribe", return_url: s }),
    verifyLink: (s) => ({ access_token: s, device_id: s }),
    devLogin: (s) => ({ device_id: s }),
    importLink: (s) => ({ url: `https://example.com/${s}` }),
    joinMeeting: (s) => ({ meeting_url: s }),
  };
  // The longest text each field takes; longer must be refused. Blank-looking text must be refused where a name is required.
  const limits: Record<string, number> = { pasteText: 200, "pasteText text": 5_000_000, editTitle: 200, editSpeakers: 60, editEntries: 20_000, hotword: 200, hotwordBatch: 100_000, style: 200, ask: 4000, language: 8, sendLink: 254, "sendLink return": 2048, verifyLink: 512, devLogin: 64, importLink: 4096, joinMeeting: 4096 };
  const needsName = new Set(["editTitle", "editSpeakers", "hotword", "language", "sendLink", "verifyLink", "devLogin"]);
  const CONTROL = new Set(["NUL", "only NUL", "control chars", "CRLF injection", "lone surrogate", "percent NUL"]);
  for (const [key, make] of Object.entries(fieldsOf)) {
    for (const [label, s] of HOSTILE_STRINGS) {
      const route = key.split(" ")[0] as RouteName;
      const tooLong = [...s].length > (limits[key] ?? 200);
      const blank = (label === "spaces only" || label === "only NUL" || label === "zero-width only") && needsName.has(key);
      // An email, a token, a language code, a device id, a meeting URL: none of these strings is one.
      const strictFormat = ["language", "sendLink", "verifyLink", "devLogin", "joinMeeting"].includes(key) && !(key === "sendLink" && label === "overlong 201");
      // NUL and control characters: refused, or accepted with them stripped (the runner checks what was stored).
      add({ name: `${label} in ${key}`, category: label.startsWith("overlong") ? "text: overlong" : "text: control/NUL/odd", route, json: make(s), mayAccept: !tooLong && !blank && !strictFormat, mustStrip: CONTROL.has(label) });
    }
  }
  for (const ret of ["/\t/evil.example", "//evil.example", "/\\evil.example", "https://evil.example/", "/api/media/x?exp=1&sig=2", "javascript:alert(1)", "/%0d%0aLocation:%20//evil", "/\u0000//evil"]) {
    // Refused, or sent with the return_url dropped or made safe (the runner reads the mail).
    add({ name: `return_url ${JSON.stringify(ret)}`, category: "auth: open redirect", route: "sendLink", json: { email: "victim@example.com", origin: "transcribe", return_url: ret }, mayAccept: true });
  }
  // Overlong folder ids / query strings.
  for (const v of ["x".repeat(65), "x".repeat(100_000), "\u0000", "../../etc", "uncategorized\u0000"]) add({ name: `folder_id ${v.length} chars`, category: "text: overlong", route: "listTasks", query: { folder_id: v }, mayAccept: v === "../../etc" });
  for (const v of ["0", "-1", "1e309", "NaN", "9".repeat(400), "\u0000"]) add({ name: `page=${v.slice(0, 20)}`, category: "query: numbers", route: "listTasks", query: { page: v, page_size: v }, mayAccept: false });

  // Links to private addresses, directly and by redirect; plus every name /etc/hosts maps to a loopback address.
  for (const url of [...PRIVATE_URLS, ...loopbackNames().map((n) => `http://${n}/video`)]) {
    add({ name: `import ${url.slice(0, 50)}`, category: "links: private address", route: "importLink", json: { url }, mayAccept: false });
    add({ name: `meeting ${url.slice(0, 50)}`, category: "links: private address", route: "joinMeeting", json: { meeting_url: url }, mayAccept: false });
  }
  for (const target of [opts.canaryUrl, "http://127.0.0.1:1/", "http://169.254.169.254/latest/meta-data/", "http://[::1]:80/", "http://localhost/", "http://drill.localhost/", "file:///etc/passwd"]) {
    for (const hops of [1, 3]) {
      let url = `${opts.redirector}/to?u=${encodeURIComponent(target)}`;
      for (let h = 1; h < hops; h++) url = `${opts.redirector}/to?u=${encodeURIComponent(url)}`;
      // The first hop is an allowed host, so the web may accept it; the import must then fail without reaching the target.
      add({ name: `redirect (${hops} hop) to ${target}`, category: "links: redirect to private", route: "importLink", json: { url }, mayAccept: true });
    }
  }

  // Fill up to `count` with random recombinations of the families above.
  const base = all.length;
  for (let i = 0; all.length < opts.count; i++) {
    const c = all[Math.floor(r() * base)]!;
    if (c.canary) continue;
    all.push({ ...c, name: `${c.name} #${i}` });
  }
  return all;
}
