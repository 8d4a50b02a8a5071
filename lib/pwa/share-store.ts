// Files shared into the app (Web Share Target) wait here, in IndexedDB, from the moment the service worker takes
// the share until the app opens them: across a sign-in, and across closing the app. Used by the service worker
// (lib/pwa/sw/service-worker.ts) and the page (components/pwa/useSharedFiles.ts); plain IndexedDB, both scopes.

const DB_NAME = "tingji-share";
const STORE = "files";

export type SharedFile = { id: string; name: string; type: string; blob: Blob; sharedAt: number };

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: "id" });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T> | void): Promise<T | undefined> {
  return open().then(
    (db) =>
      new Promise<T | undefined>((resolve, reject) => {
        const tx = db.transaction(STORE, mode);
        const req = work(tx.objectStore(STORE));
        tx.oncomplete = () => {
          db.close();
          resolve(req ? req.result : undefined);
        };
        tx.onerror = () => {
          db.close();
          reject(tx.error);
        };
      }),
  );
}

/** Replaces whatever was shared before with these files (a new share is the one the user means now). */
export async function keepSharedFiles(files: { name: string; type: string; blob: Blob }[]): Promise<void> {
  const now = Date.now();
  await run("readwrite", (store) => {
    store.clear();
    files.forEach((f, i) => store.put({ id: `${now}-${i}`, name: f.name, type: f.type, blob: f.blob, sharedAt: now } satisfies SharedFile));
  });
}

export async function sharedFiles(): Promise<SharedFile[]> {
  return ((await run<SharedFile[]>("readonly", (store) => store.getAll() as IDBRequest<SharedFile[]>)) ?? []).sort((a, b) => a.id.localeCompare(b.id));
}

/** Forgets the files with these ids: the ones a page opened (a newer share stays for the page it opens). */
export async function forgetSharedFiles(ids: string[]): Promise<void> {
  await run("readwrite", (store) => {
    for (const id of ids) store.delete(id);
  });
}

/** The home's query parameter for a share: `?shared=N`, the files the service worker kept (0: none, no worker). */
export const SHARED_PARAM = "shared";

/** How many files the share behind this address kept (0 when it names no share); relative addresses too. */
export function sharedCountIn(href: string): number {
  return Number(new URL(href, "http://app.invalid").searchParams.get(SHARED_PARAM)) || 0;
}
