import "server-only";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Storage, StoredObject } from "./storage-types";

function safeLocalPath(root: string, key: string): string {
  const full = path.resolve(root, key);
  if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`storage key escapes root: ${key}`);
  return full;
}

/**
 * Objects as files under one folder (DATA_DIR/storage). Right for one machine, or several
 * sharing that folder; for machines with no common disk use S3 (docs/deploy.md).
 */
export class LocalStorage implements Storage {
  readonly driver = "local" as const;
  constructor(private root: string) {}
  async putFile(key: string, localPath: string) {
    const dest = safeLocalPath(this.root, key);
    await fsp.mkdir(path.dirname(dest), { recursive: true });
    try {
      await fsp.rename(localPath, dest);
    } catch {
      await fsp.copyFile(localPath, dest);
      await fsp.rm(localPath, { force: true });
    }
  }
  async putBytes(key: string, data: Buffer | string) {
    const dest = safeLocalPath(this.root, key);
    await fsp.mkdir(path.dirname(dest), { recursive: true });
    // Written aside and renamed: a reader never sees half an object.
    const tmp = `${dest}.${process.pid}.${Date.now()}.part`;
    await fsp.writeFile(tmp, data);
    await fsp.rename(tmp, dest);
  }
  async fetchToFile(key: string, localPath: string) {
    await fsp.mkdir(path.dirname(localPath), { recursive: true });
    await fsp.copyFile(safeLocalPath(this.root, key), localPath);
    return localPath;
  }
  async openRead(key: string, range?: { start: number; end: number }) {
    const file = safeLocalPath(this.root, key);
    // Fail like S3 does (a rejected promise), not later as a stream error.
    await fsp.access(file);
    return fs.createReadStream(file, range);
  }
  async size(key: string) {
    return (await fsp.stat(safeLocalPath(this.root, key))).size;
  }
  async exists(key: string) {
    return fsp.stat(safeLocalPath(this.root, key)).then(
      (s) => s.isFile(),
      () => false,
    );
  }
  async remove(key: string) {
    await fsp.rm(safeLocalPath(this.root, key), { force: true });
  }
  async removeFolder(prefix: string) {
    await fsp.rm(safeLocalPath(this.root, prefix), { recursive: true, force: true });
  }
  async *list(prefix: string): AsyncIterable<StoredObject> {
    const start = prefix ? safeLocalPath(this.root, prefix.replace(/\/+$/, "")) : path.resolve(this.root);
    const walk = async function* (dir: string, root: string): AsyncIterable<StoredObject> {
      const entries = await fsp.readdir(dir, { withFileTypes: true }).catch(() => []);
      for (const e of entries) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) yield* walk(full, root);
        else if (e.isFile() && !e.name.endsWith(".part")) {
          const st = await fsp.stat(full).catch(() => null);
          if (st) yield { key: path.relative(root, full).split(path.sep).join("/"), size: st.size, lastModified: st.mtime };
        }
      }
    };
    yield* walk(start, path.resolve(this.root));
  }
  async presignedUrl() {
    return null; // no store to address: callers stream through the app
  }
}
