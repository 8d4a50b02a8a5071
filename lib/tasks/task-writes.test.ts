import fs from "node:fs";
import path from "node:path";

// Task rows are written only inside lib/tasks (lib/tasks/write-guard.ts and its neighbours),
// so that every status change goes through moveTaskStatus. This scan fails on a
// prisma.task (or transaction client's .task) write anywhere else in the shipped code.

const ROOT = path.join(__dirname, "../..");
const SCANNED = ["lib", "app", "components", "workers", "scripts", "server.ts"];
const WRITE = /\.task\s*\.\s*(create|createMany|createManyAndReturn|update|updateMany|updateManyAndReturn|upsert|delete|deleteMany)\s*\(/g;

/** Writes outside lib/tasks that must stay, each with its reason. */
const ALLOWED: Record<string, string> = {
  // The authorization drill seeds a finished analysis on its fixture task before it probes the routes.
  "scripts/drills/authz-owner.ts": "drill fixture",
};

function files(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [entry];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((d) => {
    if (d.name === "node_modules" || d.name === "generated") return [];
    const rel = `${entry}/${d.name}`;
    if (d.isDirectory()) return files(rel);
    return /\.(ts|tsx)$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [rel] : [];
  });
}

test("task rows are written only in lib/tasks", () => {
  const offenders: string[] = [];
  for (const file of SCANNED.flatMap(files)) {
    if (file.startsWith("lib/tasks/") || ALLOWED[file]) continue;
    const text = fs.readFileSync(path.join(ROOT, file), "utf8");
    for (const m of text.matchAll(WRITE)) offenders.push(`${file}:${text.slice(0, m.index).split("\n").length} ${m[0]}`);
  }
  expect(offenders).toEqual([]);
});

test("the scan sees a write when there is one", () => {
  expect("await db.task.updateMany({".match(WRITE)).toHaveLength(1);
  expect("await prisma.task\n  .create({".match(WRITE)).toHaveLength(1);
  expect("await prisma.task.findMany({".match(WRITE)).toBeNull();
  expect("await prisma.taskCharge.update({".match(WRITE)).toBeNull();
});

test("status changes inside lib/tasks go through moveTaskStatus: no status written by a plain update", () => {
  const offenders: string[] = [];
  for (const file of files("lib/tasks")) {
    if (file === "lib/tasks/write-guard.ts") continue;
    const text = fs.readFileSync(path.join(ROOT, file), "utf8");
    for (const m of text.matchAll(WRITE)) {
      if (m[1]!.startsWith("create") || m[1]!.startsWith("delete")) continue;
      // The call's own text up to its end: a `status:` key in its data is a status change.
      const call = text.slice(m.index, text.indexOf(");", m.index));
      if (/data:\s*\{[^}]*\bstatus\s*:/.test(call)) offenders.push(`${file}:${text.slice(0, m.index).split("\n").length}`);
    }
  }
  expect(offenders).toEqual([]);
});
