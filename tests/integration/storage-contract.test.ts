// The storage contract, the same cases against both drivers: local disk and S3 through the
// real @aws-sdk/client-s3 against s3rver on loopback (tests/helpers/loopback-s3.ts).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { buffer, text } from "node:stream/consumers";
import { removeTestDataDir } from "../helpers/db";
import { startLoopbackS3, type LoopbackS3 } from "../helpers/loopback-s3";
import { LocalStorage, removeExpired, S3Storage, scratchRoot, sweepScratch, withScratchCopy, type Storage } from "@/lib/storage/storage";
import { serveStored } from "@/lib/storage/serve";
import { presignS3Url } from "@/lib/storage/s3-presign";
import { env } from "@/lib/server/env";

let s3: LoopbackS3;
let localRoot: string;
const stores: Record<"local" | "s3", () => Storage> = {
  local: () => new LocalStorage(localRoot),
  s3: () => new S3Storage(s3.bucket, { ...env(), ...s3Settings() }),
};
const s3Settings = () => ({
  S3_ENDPOINT: s3.url,
  S3_REGION: "us-east-1",
  S3_FORCE_PATH_STYLE: true,
  S3_ACCESS_KEY_ID: s3.env.S3_ACCESS_KEY_ID,
  S3_SECRET_ACCESS_KEY: s3.env.S3_SECRET_ACCESS_KEY,
});

beforeAll(async () => {
  s3 = await startLoopbackS3({ bucket: "contract" });
  localRoot = await fsp.mkdtemp(path.join(os.tmpdir(), "tingji-local-store-"));
});
afterAll(async () => {
  await s3?.close();
  await fsp.rm(localRoot, { recursive: true, force: true });
  removeTestDataDir();
});

async function localFile(bytes: Buffer): Promise<string> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "tingji-put-"));
  const file = path.join(dir, "in.bin");
  await fsp.writeFile(file, bytes);
  return file;
}

async function keys(store: Storage, prefix: string): Promise<string[]> {
  const out: string[] = [];
  for await (const o of store.list(prefix)) out.push(o.key);
  return out.sort();
}

describe.each(["local", "s3"] as const)("storage contract: %s", (driver) => {
  let store: Storage;
  const prefix = `media/u-${driver}/t${randomBytes(6).toString("hex")}`;
  // 3 MB of noise: bigger than one stream chunk, and the checksum trap would change its bytes.
  const bytes = randomBytes(3 * 1024 * 1024 + 17);
  beforeAll(() => {
    store = stores[driver]();
  });

  test("putFile moves a file in byte for byte; size, exists and a streamed get agree", async () => {
    const file = await localFile(bytes);
    await store.putFile(`${prefix}/part-0.wav`, file, "audio/wav");
    expect(fs.existsSync(file)).toBe(false); // moved, not copied
    expect(await store.size(`${prefix}/part-0.wav`)).toBe(bytes.length);
    expect(await store.exists(`${prefix}/part-0.wav`)).toBe(true);
    expect(await store.exists(`${prefix}/nothing.wav`)).toBe(false);
    const back = await buffer(await store.openRead(`${prefix}/part-0.wav`));
    expect(back.equals(bytes)).toBe(true);
  });

  test("byte ranges: the exact bytes, at the start, across the middle and at the end", async () => {
    const key = `${prefix}/part-0.wav`;
    // (Not bytes=0-0: s3rver answers that one with the whole object; AWS S3 and MinIO do not.)
    for (const [start, end] of [[0, 1], [1000, 1_500_000], [bytes.length - 10, bytes.length - 1]] as const) {
      const part = await buffer(await store.openRead(key, { start, end }));
      expect(part.equals(bytes.subarray(start, end + 1))).toBe(true);
    }
  });

  test("range serving: 206 with Content-Range, suffix ranges, 416 past the end, our type and nosniff", async () => {
    const key = `${prefix}/part-0.wav`;
    const whole = await serveStored(key, { type: "audio/wav", name: "talk" }, null, store);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-length")).toBe(String(bytes.length));
    expect(whole.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    const mid = await serveStored(key, { type: "audio/wav", name: "talk" }, "bytes=100-199", store);
    expect(mid.status).toBe(206);
    expect(mid.headers.get("content-range")).toBe(`bytes 100-199/${bytes.length}`);
    expect(Buffer.from(await mid.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);
    const tail = await serveStored(key, { type: "text/html", name: "x" }, "bytes=-5", store);
    expect(tail.status).toBe(206);
    expect(tail.headers.get("content-type")).toBe("application/octet-stream"); // never the stored claim of html
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(bytes.length - 5))).toBe(true);
    const past = await serveStored(key, { type: "audio/wav", name: "talk" }, `bytes=${bytes.length}-`, store);
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${bytes.length}`);
  });

  test("putBytes, list under a folder, remove and removeFolder", async () => {
    await store.putBytes(`${prefix}/segments.json`, JSON.stringify({ ok: 1 }), "application/json");
    await store.putBytes(`${prefix}/speech-chunks/0001.json`, "{}", "application/json");
    await store.putBytes(`${prefix}x/neighbour.json`, "{}"); // a neighbour folder sharing the name's start
    expect(await text(await store.openRead(`${prefix}/segments.json`))).toBe('{"ok":1}');
    expect(await keys(store, prefix)).toEqual([`${prefix}/part-0.wav`, `${prefix}/segments.json`, `${prefix}/speech-chunks/0001.json`]);
    await store.remove(`${prefix}/segments.json`);
    await store.remove(`${prefix}/segments.json`); // removing twice is fine
    expect(await store.exists(`${prefix}/segments.json`)).toBe(false);
    await store.removeFolder(prefix);
    expect(await keys(store, prefix)).toEqual([]);
    expect(await keys(store, `${prefix}x`)).toEqual([`${prefix}x/neighbour.json`]);
    await expect(store.openRead(`${prefix}/part-0.wav`)).rejects.toBeTruthy();
    await expect(store.size(`${prefix}/part-0.wav`)).rejects.toBeTruthy();
  });

  test("expiry sweep: only objects older than the cutoff that the predicate calls expired", async () => {
    const folder = `${prefix}-sweep`;
    await store.putBytes(`${folder}/a/old.json`, "1");
    await store.putBytes(`${folder}/b/keep.json`, "2");
    const cutoff = new Date(Date.now() + 5_000); // everything is "older" than a cutoff in the future
    const removed = await removeExpired(folder, cutoff, (o) => o.key.includes("/a/"), store);
    expect(removed).toEqual([`${folder}/a/old.json`]);
    expect(await removeExpired(folder, new Date(Date.now() - 3600_000), () => true, store)).toEqual([]);
    expect(await keys(store, folder)).toEqual([`${folder}/b/keep.json`]);
  });

  test("presigned URLs: PUT writes, GET reads with the asked type and name, lifetime 15 min by default and at most 1 h", async () => {
    const key = `${prefix}-signed/clip one.webm`;
    const url = await store.presignedUrl(key, { method: "PUT", expiresInSec: 60 });
    if (driver === "local") {
      expect(url).toBeNull(); // no store to address: the app streams instead
      return;
    }
    const put = await fetch(url!, { method: "PUT", body: "signed bytes" });
    expect(put.status).toBe(200);
    expect(await text(await store.openRead(key))).toBe("signed bytes");
    const get = await store.presignedUrl(key, { contentType: "audio/webm", downloadName: "Talk.webm" });
    const res = await fetch(get!);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("audio/webm");
    expect(res.headers.get("content-disposition")).toContain('filename="Talk.webm"');
    expect(await res.text()).toBe("signed bytes");
    expect(new URL(get!).searchParams.get("X-Amz-Expires")).toBe("900"); // the 15-minute default
    const longAsked = await store.presignedUrl(key, { expiresInSec: 7 * 24 * 3600 });
    expect(new URL(longAsked!).searchParams.get("X-Amz-Expires")).toBe("3600"); // capped at an hour
  });
});

// s3rver does not check V4 signatures, so the signer is held to AWS's published example
// ("Authenticating Requests: Using Query Parameters", S3 API reference): same URL, same signature.
test("presigned URL signature: AWS's published SigV4 example, byte for byte", () => {
  const url = presignS3Url({
    method: "GET",
    url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"),
    region: "us-east-1",
    credentials: { accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY" },
    expiresInSec: 86400,
    now: new Date("2013-05-24T00:00:00Z"),
  });
  expect(url).toBe(
    "https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request" +
      "&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404",
  );
});

test("the app's storage is the driver the run names (STORAGE_DRIVER=s3 npm test: s3rver from the global setup)", async () => {
  const { storage } = await import("@/lib/storage/storage");
  expect(storage().driver).toBe(process.env.STORAGE_DRIVER === "s3" ? "s3" : "local");
});

describe("scratch", () => {
  test("withScratchCopy fetches stored files to a private folder and always removes it", async () => {
    // withScratchCopy reads through storage(): the configured driver of this run.
    const { storage } = await import("@/lib/storage/storage");
    await storage().putBytes("media/u-scratch/t1/part-0.txt", "hello");
    let seen = "";
    await expect(
      withScratchCopy("tasks", ["media/u-scratch/t1/part-0.txt"], async ([p], dir) => {
        seen = dir;
        expect(p!.startsWith(scratchRoot())).toBe(true);
        expect(await fsp.readFile(p!, "utf8")).toBe("hello");
        throw new Error("the job failed");
      }),
    ).rejects.toThrow("the job failed");
    expect(fs.existsSync(seen)).toBe(false);
  });

  test("sweepScratch removes folders untouched for the age given and keeps a working one", async () => {
    const stale = path.join(scratchRoot(), "tasks", "t-stale");
    const live = path.join(scratchRoot(), "tasks", "t-live");
    await fsp.mkdir(path.join(stale, "chunks"), { recursive: true });
    await fsp.writeFile(path.join(stale, "chunks", "0.wav"), "x");
    await fsp.mkdir(live, { recursive: true });
    const old = new Date(Date.now() - 48 * 3600_000);
    await fsp.utimes(path.join(stale, "chunks", "0.wav"), old, old);
    await fsp.utimes(path.join(stale, "chunks"), old, old);
    await fsp.utimes(stale, old, old);
    await fsp.mkdir(path.join(live, "old-dir"));
    await fsp.utimes(live, old, old); // the folder is old, but a file inside was just written
    const removed = await sweepScratch(24 * 3600_000);
    expect(removed).toEqual([stale]);
    expect(fs.existsSync(live)).toBe(true);
  });
});
