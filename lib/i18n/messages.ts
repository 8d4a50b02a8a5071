import { defaultLocale, type Locale } from "./locales";
import { oncePerLocale } from "./per-locale";

// Messages are JSON files messages/<locale>/<namespace>.json, keys nested by feature.
// loadMessages returns { [namespace]: json }, so keys read "auth.login.title",
// "errors.upload.audioTooLarge" and so on. A key missing in a language falls back
// to English, so a half-translated language never shows raw keys.
export const namespaces = ["common", "errors", "auth", "app", "upload", "tasks", "analysis", "analyzer", "hotwords", "imports", "chat", "notify", "share", "exports", "folders", "collaborators", "search", "coedit", "rewards", "payments", "subscription", "mcp", "account", "tools", "mediatools", "signin", "phone", "verify", "clients", "ops", "landing", "voiceProfiles", "live", "webhooks"] as const;
export type Namespace = (typeof namespaces)[number];

type Messages = Record<string, unknown>;

async function loadNamespace(locale: Locale, ns: Namespace): Promise<Messages> {
  try {
    // A template import: bundled per file by Next, a plain JSON import under Node/tsx (the worker).
    const mod = (await import(`../../messages/${locale}/${ns}.json`)) as { default?: Messages } & Messages;
    const json = mod.default ?? mod;
    return json && typeof json === "object" ? json : {};
  } catch {
    return {};
  }
}

function isPlainObject(v: unknown): v is Messages {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Deep merge: values of `over` win; objects merge key by key. */
function merge(base: Messages, over: Messages): Messages {
  const out: Messages = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = out[k];
    out[k] = isPlainObject(b) && isPlainObject(v) ? merge(b, v) : v;
  }
  return out;
}

async function loadLocale(locale: Locale): Promise<Messages> {
  const entries = await Promise.all(namespaces.map(async (ns) => [ns, await loadNamespace(locale, ns)] as const));
  return Object.fromEntries(entries);
}

async function loadMerged(locale: Locale): Promise<Messages> {
  const own = await loadLocale(locale);
  if (locale === defaultLocale) return own;
  return merge(await loadLocale(defaultLocale), own);
}

// Every page render asks for its language's messages (lib/i18n/request.ts). Loading and merging the 30
// namespaces each time cost a share page about a sixth of its CPU, so production keeps one merged copy per
// language (nobody mutates it).
export const loadMessages: (locale: Locale) => Promise<Messages> = oncePerLocale(loadMerged);
