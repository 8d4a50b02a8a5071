import fs from "node:fs";
import path from "node:path";

const README = path.resolve(process.cwd(), "bench/README.md");

/**
 * Replaces the "## <title>" section of bench/README.md (up to the next "## "
 * heading) with `body`, or appends it. Other sections are left as they are,
 * so each benchmark owns exactly its own section.
 */
export function writeReadmeSection(title: string, body: string, file = README): void {
  const heading = `## ${title}`;
  const text = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "# Benchmarks\n";
  const lines = text.split("\n");
  const start = lines.findIndex((l) => l.trim() === heading);
  const section = [heading, "", body.trim(), ""];
  if (start < 0) {
    const out = text.replace(/\n*$/, "\n\n") + section.join("\n");
    fs.writeFileSync(file, out.endsWith("\n") ? out : `${out}\n`);
    return;
  }
  let end = lines.findIndex((l, i) => i > start && l.startsWith("## "));
  if (end < 0) end = lines.length;
  const out = [...lines.slice(0, start), ...section, ...lines.slice(end)].join("\n");
  fs.writeFileSync(file, out.endsWith("\n") ? out : `${out}\n`);
}
