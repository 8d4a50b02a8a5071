"use client";
// IndexedDB behind the live chunk queue: chunks (by session and seq) and, per session, one
// past the highest seq ever stored, written in the same transaction as the chunk. After a
// reload the recorder continues numbering from there, so a chunk the server already took
// out of order is never numbered twice.
import { MemoryChunkStore, type ChunkStore, type StoredChunk } from "./chunk-queue";

const DB_NAME = "tingji-live";
const CHUNKS = "chunks";
const SESSIONS = "sessions";

interface SessionRow {
  sessionId: string;
  nextSeq: number;
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

function result<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains(CHUNKS)) db.createObjectStore(CHUNKS, { keyPath: ["sessionId", "seq"] });
      if (!db.objectStoreNames.contains(SESSIONS)) db.createObjectStore(SESSIONS, { keyPath: "sessionId" });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
    req.onblocked = () => reject(new Error("IndexedDB blocked"));
  });
}

class IndexedDbChunkStore implements ChunkStore {
  constructor(private readonly db: IDBDatabase) {}

  async put(chunk: StoredChunk): Promise<void> {
    const tx = this.db.transaction([CHUNKS, SESSIONS], "readwrite");
    tx.objectStore(CHUNKS).put(chunk);
    const sessions = tx.objectStore(SESSIONS);
    const row = (await result(sessions.get(chunk.sessionId))) as SessionRow | undefined;
    sessions.put({ sessionId: chunk.sessionId, nextSeq: Math.max(row?.nextSeq ?? 0, chunk.seq + 1) } satisfies SessionRow);
    await done(tx);
  }

  async remove(sessionId: string, seq: number): Promise<void> {
    const tx = this.db.transaction(CHUNKS, "readwrite");
    tx.objectStore(CHUNKS).delete([sessionId, seq]);
    await done(tx);
  }

  async list(sessionId: string): Promise<StoredChunk[]> {
    const tx = this.db.transaction(CHUNKS, "readonly");
    const range = IDBKeyRange.bound([sessionId, -Infinity], [sessionId, Infinity]);
    const rows = (await result(tx.objectStore(CHUNKS).getAll(range))) as StoredChunk[];
    return rows.sort((a, b) => a.seq - b.seq);
  }

  async nextSeq(sessionId: string): Promise<number> {
    const tx = this.db.transaction(SESSIONS, "readonly");
    const row = (await result(tx.objectStore(SESSIONS).get(sessionId))) as SessionRow | undefined;
    return row?.nextSeq ?? 0;
  }

  async forget(sessionId: string): Promise<void> {
    const tx = this.db.transaction([CHUNKS, SESSIONS], "readwrite");
    tx.objectStore(CHUNKS).delete(IDBKeyRange.bound([sessionId, -Infinity], [sessionId, Infinity]));
    tx.objectStore(SESSIONS).delete(sessionId);
    await done(tx);
  }
}

let shared: Promise<ChunkStore> | null = null;

/** The page's chunk store: IndexedDB, or memory where the browser refuses it (then a reload loses unsent audio). */
export function chunkStore(): Promise<ChunkStore> {
  shared ??= (typeof indexedDB === "undefined" ? Promise.reject(new Error("no IndexedDB")) : openDb()).then(
    (db) => new IndexedDbChunkStore(db),
    () => new MemoryChunkStore(),
  );
  return shared;
}
