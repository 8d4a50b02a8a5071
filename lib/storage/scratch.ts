import "server-only";
import { randomUUID } from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import { dataDir, env } from "@/lib/server/env";
import { logger } from "@/lib/server/logger";

// Scratch: the only local disk a process may rely on. It holds copies and intermediates
// of the job in hand and nothing another process needs: inputs come from storage, results
// go back to storage, and the folder is removed when the job ends (docs/deploy.md).

/** The machine's scratch root: WORKER_SCRATCH_DIR, else DATA_DIR/tmp. */
export function scratchRoot(): string {
  return env().WORKER_SCRATCH_DIR || dataDir("tmp");
}

/** A scratch folder (created) at <root>/<parts...>, e.g. scratchDir("tasks", taskId). */
export async function scratchDir(...parts: string[]): Promise<string> {
  const dir = path.join(scratchRoot(), ...parts);
  await fsp.mkdir(dir, { recursive: true });
  return dir;
}

/** Runs `fn` in a fresh scratch folder under <root>/<kind>/ and always removes it afterwards. */
export async function withScratchDir<T>(kind: string, fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await scratchDir(kind, randomUUID());
  try {
    return await fn(dir);
  } finally {
    await fsp.rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}

/**
 * Removes scratch folders (<root>/<kind>/<name>) nothing has written to for `maxAgeMs`: what a
 * killed process left. Age is the newest file inside, so a long job's folder stays while it works.
 */
export async function sweepScratch(maxAgeMs: number, now = Date.now()): Promise<string[]> {
  const root = scratchRoot();
  const removed: string[] = [];
  for (const kind of await fsp.readdir(root, { withFileTypes: true }).catch(() => [])) {
    if (!kind.isDirectory()) continue;
    const kindDir = path.join(root, kind.name);
    for (const entry of await fsp.readdir(kindDir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(kindDir, entry.name);
      if ((await newestMtime(full)) < now - maxAgeMs) {
        await fsp.rm(full, { recursive: true, force: true }).catch(() => undefined);
        removed.push(full);
      }
    }
  }
  if (removed.length) logger.info("removed stale scratch folders", { count: removed.length });
  return removed;
}

async function newestMtime(file: string): Promise<number> {
  const st = await fsp.stat(file).catch(() => null);
  if (!st) return Number.POSITIVE_INFINITY; // gone meanwhile: nothing to do
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const e of await fsp.readdir(file).catch(() => [])) newest = Math.max(newest, await newestMtime(path.join(file, e)));
  return newest;
}
