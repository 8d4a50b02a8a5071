import "server-only";
import { createHash } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { text } from "node:stream/consumers";
import { storage } from "@/lib/storage/storage";
import type { SpeechResult } from "./types";

/**
 * Where transcribeLong keeps each chunk's transcript as soon as it arrives, so
 * a retry (a failed chunk, a worker that died) sends only the chunks that have
 * none to a paid speech API, never the whole recording again.
 */
export interface ChunkCache {
  get(key: string): Promise<SpeechResult | null>;
  put(key: string, result: SpeechResult): Promise<void>;
}

/**
 * The key of one chunk's transcript: its index, and a hash of its audio, the
 * engine, the model and the request (language, hotwords), so a different cut,
 * engine or hotword list never reuses an old answer.
 */
export async function chunkKey(index: number, chunkPath: string, parts: { engine: string; model?: string; request: unknown }): Promise<string> {
  const hash = createHash("sha256");
  for await (const block of fs.createReadStream(chunkPath)) hash.update(block as Buffer);
  hash.update(JSON.stringify([parts.engine, parts.model ?? "", parts.request]));
  return `${String(index).padStart(4, "0")}-${parts.engine}-${hash.digest("hex").slice(0, 24)}`;
}

/** Chunk transcripts stored under `folderKey` (the task's media folder, so deleting the task removes them). */
export function storageChunkCache(folderKey: string, scratchDir: string): ChunkCache {
  const keyOf = (key: string) => `${folderKey}/${key}.json`;
  return {
    async get(key) {
      try {
        return JSON.parse(await text(await storage().openRead(keyOf(key)))) as SpeechResult;
      } catch {
        return null; // not stored yet (or unreadable): transcribe the chunk
      }
    },
    async put(key, result) {
      await fsp.mkdir(scratchDir, { recursive: true });
      const file = path.join(scratchDir, `${key}.json`);
      await fsp.writeFile(file, JSON.stringify(result));
      await storage().putFile(keyOf(key), file, "application/json");
    },
  };
}
