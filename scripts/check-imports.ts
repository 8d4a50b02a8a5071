/**
 * Folder-level import check: no two feature folders may import each other,
 * directly or through others.
 *
 * It parses every .ts/.tsx file under lib/ and components/ (test files are left
 * out: they are not part of what ships), reads its static imports, re-exports
 * and dynamic `import()` calls, and maps each one that lands in the same tree
 * to its feature folder (lib/<feature>, components/<feature>). `import type`
 * (and imports whose every name is type-only) are counted separately: they are
 * erased at build time, so they never form a runtime loop, and the check
 * ignores them; they are printed for information.
 *
 * Prints, per tree: folders, links (distinct folder → folder edges), the
 * back-links (edges that close a loop in a depth-first walk in name order) and
 * each cycle (strongly connected group of more than one folder).
 *
 * Exit code: 1 when a strict tree has a cycle. lib is strict; components is
 * report-only unless `--strict components` is given.
 *
 *   npx tsx scripts/check-imports.ts [--strict components] [--verbose]
 * (--verbose also lists the cycles and back-links of the graph that counts type imports)
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const ROOT = path.resolve(__dirname, "..");
const TREES = ["lib", "components"] as const;
type Tree = (typeof TREES)[number];

const strictTrees = new Set<Tree>(["lib"]);
for (let i = 2; i < process.argv.length; i++) {
  if (process.argv[i] === "--strict") {
    const tree = process.argv[++i] as Tree;
    if (!TREES.includes(tree)) throw new Error(`--strict takes one of ${TREES.join(", ")}`);
    strictTrees.add(tree);
  }
}

function walk(dir: string, out: string[]): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === "node_modules" || entry.name === "generated") continue;
      walk(full, out);
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) {
      out.push(full);
    }
  }
  return out;
}

/** "lib/tasks" for lib/tasks/x.ts; lib/x.ts at the top counts as folder "lib". */
function folderOf(relativePath: string): string | null {
  const parts = relativePath.split("/");
  if (!TREES.includes(parts[0] as Tree)) return null;
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0];
}

function targetOf(fromFile: string, specifier: string): string | null {
  let relative: string;
  if (specifier.startsWith("@/")) relative = specifier.slice(2);
  else if (specifier.startsWith(".")) relative = path.relative(ROOT, path.resolve(path.dirname(fromFile), specifier));
  else return null;
  return folderOf(relative.split(path.sep).join("/"));
}

type Imports = { runtime: string[]; typeOnly: string[] };

function importsOf(file: string): Imports {
  const text = fs.readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const result: Imports = { runtime: [], typeOnly: [] };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly = !!clause && (clause.isTypeOnly || (!clause.name && !!clause.namedBindings &&
        ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 &&
        clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      (typeOnly ? result.typeOnly : result.runtime).push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      (node.isTypeOnly ? result.typeOnly : result.runtime).push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments.length === 1 && ts.isStringLiteral(node.arguments[0])) {
      result.runtime.push(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      result.typeOnly.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return result;
}

type Graph = Map<string, Set<string>>;

function addEdge(graph: Graph, from: string, to: string) {
  if (!graph.has(from)) graph.set(from, new Set());
  if (!graph.has(to)) graph.set(to, new Set());
  if (from !== to) graph.get(from)!.add(to);
}

/** Tarjan's strongly connected components. */
function components(graph: Graph): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const connect = (v: string) => {
    indexOf.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of [...graph.get(v)!].sort()) {
      if (!indexOf.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
      }
    }
    if (low.get(v) === indexOf.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      out.push(group.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!indexOf.has(v)) connect(v);
  return out;
}

/** Edges that point back to a folder still open in a depth-first walk (name order). */
function backLinks(graph: Graph): [string, string][] {
  const state = new Map<string, "open" | "done">();
  const out: [string, string][] = [];
  const visit = (v: string) => {
    state.set(v, "open");
    for (const w of [...graph.get(v)!].sort()) {
      if (state.get(w) === "open") out.push([v, w]);
      else if (!state.has(w)) visit(w);
    }
    state.set(v, "done");
  };
  for (const v of [...graph.keys()].sort()) if (!state.has(v)) visit(v);
  return out;
}

function report(label: string, graph: Graph, witnesses: Map<string, string>, details: boolean) {
  const links = [...graph.values()].reduce((n, s) => n + s.size, 0);
  const cycles = components(graph).filter((group) => group.length > 1);
  const back = backLinks(graph);
  console.log(`${label}: ${graph.size} folders, ${links} links, ${back.length} back-links, ` +
    `${cycles.length} cycles (${cycles.reduce((n, c) => n + c.length, 0)} folders in them)`);
  if (details) {
    for (const group of cycles) console.log(`  cycle: {${group.join(", ")}}`);
    for (const [a, b] of back) console.log(`  back-link: ${a} → ${b}  (${witnesses.get(`${a} ${b}`)})`);
  }
  return cycles.length;
}

let failed = false;
for (const tree of TREES) {
  const runtime: Graph = new Map();
  const all: Graph = new Map();
  const witnesses = new Map<string, string>();
  for (const file of walk(path.join(ROOT, tree), [])) {
    const relative = path.relative(ROOT, file).split(path.sep).join("/");
    const from = folderOf(relative)!;
    if (!runtime.has(from)) runtime.set(from, new Set());
    if (!all.has(from)) all.set(from, new Set());
    const { runtime: specs, typeOnly } = importsOf(file);
    for (const [spec, isType] of [...specs.map((s) => [s, false] as const), ...typeOnly.map((s) => [s, true] as const)]) {
      const to = targetOf(file, spec);
      if (!to || !to.startsWith(tree)) continue;
      addEdge(all, from, to);
      if (!isType) addEdge(runtime, from, to);
      if (from !== to && !witnesses.has(`${from} ${to}`)) witnesses.set(`${from} ${to}`, `${relative} → ${spec}`);
    }
  }
  const mode = strictTrees.has(tree) ? "strict" : "report-only";
  const cycles = report(`${tree} (${mode})`, runtime, witnesses, true);
  report(`${tree} counting import type too (information)`, all, witnesses, process.argv.includes("--verbose"));
  if (cycles > 0 && strictTrees.has(tree)) failed = true;
}
if (failed) {
  console.error("check-imports: folder cycles in a strict tree (see above)");
  process.exit(1);
}
