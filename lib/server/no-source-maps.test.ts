import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

// The web runs under tsx, which turns Node's source-map support on; server.ts turns it off
// before Next loads (about 80 MB less live heap per web process, bench/README.md "load: findings").
const ROOT = path.resolve(__dirname, "../..");
const sourceMapsEnabled = (script: string) =>
  spawnSync("node", ["--import", "tsx", "-e", script], { cwd: ROOT, encoding: "utf8" }).stdout.trim();

it("tsx turns source maps on, and the module turns them off again", () => {
  expect(sourceMapsEnabled("console.log(process.sourceMapsEnabled)")).toBe("true");
  expect(sourceMapsEnabled('require("./lib/server/no-source-maps"); console.log(process.sourceMapsEnabled)')).toBe("false");
});

it("server.ts imports it before anything else, so Next's modules load without their maps", () => {
  const firstImport = /^import .*$/m.exec(fs.readFileSync(path.join(ROOT, "server.ts"), "utf8"))?.[0];
  expect(firstImport).toBe('import "@/lib/server/no-source-maps";');
});
