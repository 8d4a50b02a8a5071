import fs from "node:fs";
import path from "node:path";
import type { AbstractIntlMessages } from "next-intl";
import { messagesBeyondShell, pickMessages, SHARE_PAGE_MESSAGES, SHELL_MESSAGES, TOOLS_MESSAGES, wholeNamespaces as whole } from "./client-messages";
import { loadMessages } from "./messages";

// Each area's browser code must find its messages in what its layout sends (lib/i18n/client-messages.ts).
// This follows the imports from each area's entry files and lists the namespaces passed to
// useTranslations: one missing from the area's list would show as a raw key in the browser.

const ROOT = process.cwd();
const IMPORT = /(?:import|export)[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
const USE_TRANSLATIONS = /useTranslations\(\s*["']([A-Za-z]+)/g;

function resolve(from: string, spec: string): string | null {
  const base = spec.startsWith("@/") ? path.join(ROOT, spec.slice(2)) : spec.startsWith(".") ? path.resolve(path.dirname(from), spec) : null;
  if (!base) return null;
  for (const ext of ["", ".tsx", ".ts", "/index.tsx", "/index.ts"]) {
    const file = base + ext;
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return file;
  }
  return null;
}

function entryFiles(rel: string): string[] {
  const abs = path.join(ROOT, rel);
  if (fs.statSync(abs).isFile()) return [abs];
  return fs.readdirSync(abs, { recursive: true, encoding: "utf8" }).filter((f) => /\.tsx?$/.test(f) && !f.includes(".test.")).map((f) => path.join(abs, f));
}

/** The namespaces the code reachable from `entries` translates with (server-only code is not followed). */
function namespacesUsed(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const used = new Set<string>();
  const stack = entries.flatMap(entryFiles);
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const src = fs.readFileSync(file, "utf8");
    for (const m of src.matchAll(USE_TRANSLATIONS)) used.add(m[1]!);
    for (const m of src.matchAll(IMPORT)) {
      const next = resolve(file, m[1] ?? m[2]!);
      if (next && !next.includes(`${path.sep}lib${path.sep}server${path.sep}`)) stack.push(next);
    }
  }
  return used;
}

test("the shell's messages cover the root layout's components", () => {
  const missing = [...namespacesUsed(["app/layout.tsx", "app/not-found.tsx", "app/transcribe/loading.tsx", "components/shell/AuthGate.tsx"])].filter((ns) => !whole(SHELL_MESSAGES).includes(ns));
  expect(missing).toEqual([]);
});

test("the share page's and the tools site's lists cover their components", () => {
  const shell = whole(SHELL_MESSAGES);
  const share = [...namespacesUsed(["app/transcribe/share", "components/sharing/SharedPage.tsx"])].filter((ns) => !shell.includes(ns) && !whole(SHARE_PAGE_MESSAGES).includes(ns));
  const tools = [...namespacesUsed(["app/tools"])].filter((ns) => !shell.includes(ns) && !whole(TOOLS_MESSAGES).includes(ns));
  expect({ share, tools }).toEqual({ share: [], tools: [] });
});

test("picking takes whole namespaces or one part; the shell plus the rest is everything", async () => {
  const all = (await loadMessages("de")) as AbstractIntlMessages;
  const shell = pickMessages(all, SHELL_MESSAGES);
  expect(Object.keys(shell).sort()).toEqual(["app", "clients", "common", "errors"]);
  expect(Object.keys(shell.errors as object)).toEqual(["common"]);
  expect((shell.errors as { common: unknown }).common).toEqual((all.errors as { common: unknown }).common);
  // An app page merges the rest over the shell (components/shell/MessagesScope): every namespace, errors whole,
  // except the landing page's, which only the server renders.
  const { landing, ...browserSide } = all;
  expect(landing).toBeDefined();
  expect({ ...shell, ...messagesBeyondShell(all) }).toEqual(browserSide);
  // The share page and the tools site carry far less than everything.
  const size = (m: object) => JSON.stringify(m).length;
  expect(size({ ...shell, ...pickMessages(all, SHARE_PAGE_MESSAGES) })).toBeLessThan(size(all) / 2);
  expect(size({ ...shell, ...pickMessages(all, TOOLS_MESSAGES) })).toBeLessThan(size(all) * 0.75);
});
