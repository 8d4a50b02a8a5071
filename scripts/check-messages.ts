/**
 * Checks messages/: every interface language has exactly the keys of English,
 * keeps its {placeholders}, and is really translated (not a copy of English).
 * Also checks that every error catalogue key has an English message.
 */
import fs from "node:fs";
import path from "node:path";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { locales } from "../lib/i18n/locales";
import { errorCatalogue } from "../lib/server/errors";

type Flat = Record<string, string>;
const problems: string[] = [];

function flatten(obj: unknown, prefix = "", out: Flat = {}): Flat {
  for (const [k, v] of Object.entries(obj as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === "object") flatten(v, key, out);
    else out[key] = String(v);
  }
  return out;
}

function load(locale: string): Flat | null {
  const dir = path.join("messages", locale);
  if (!fs.existsSync(dir)) return null;
  const out: Flat = {};
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".json"))) {
    flatten(JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")), file.replace(/\.json$/, ""), out);
  }
  return out;
}

/** The argument names of an ICU message ({name}, {count, plural, ...}), whatever its plural branches say. */
function argumentNames(elements: MessageFormatElement[], out = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
    out.add(el.value);
    if (el.type === TYPE.plural || el.type === TYPE.select) for (const option of Object.values(el.options)) argumentNames(option.value, out);
    if (el.type === TYPE.tag) argumentNames(el.children, out);
  }
  return out;
}

function placeholders(message: string, where: string): string {
  try {
    return [...argumentNames(parse(message))].sort().join(",");
  } catch (e) {
    problems.push(`${where}: not a valid ICU message (${e instanceof Error ? e.message : String(e)})`);
    return "";
  }
}

const en = load("en");
if (!en) throw new Error("messages/en is missing");
for (const key of Object.keys(errorCatalogue)) if (!(`errors.${key}` in en)) problems.push(`en: no message for error errors.${key}`);

for (const locale of locales.filter((l) => l !== "en")) {
  const m = load(locale);
  if (!m) {
    problems.push(`${locale}: no messages`);
    continue;
  }
  const missing = Object.keys(en).filter((k) => !(k in m));
  const extra = Object.keys(m).filter((k) => !(k in en));
  const badPlaceholders = Object.keys(en).filter((k) => k in m && placeholders(en[k]!, `en ${k}`) !== placeholders(m[k]!, `${locale} ${k}`));
  const copied = Object.keys(en).filter((k) => m[k] === en[k] && /[a-z]{4,}/i.test(en[k]!));
  if (missing.length) problems.push(`${locale}: ${missing.length} missing, e.g. ${missing.slice(0, 5).join(", ")}`);
  if (extra.length) problems.push(`${locale}: ${extra.length} not in English, e.g. ${extra.slice(0, 5).join(", ")}`);
  if (badPlaceholders.length) problems.push(`${locale}: placeholders differ in ${badPlaceholders.slice(0, 5).join(", ")}`);
  if (copied.length > Object.keys(en).length * 0.1) problems.push(`${locale}: ${copied.length} messages identical to English, e.g. ${copied.slice(0, 5).join(", ")}`);
}

if (problems.length) {
  console.error(`messages out of step:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log(`messages: ${Object.keys(en).length} keys in ${locales.length} languages`);
