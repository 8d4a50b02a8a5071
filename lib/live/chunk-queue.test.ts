// The live outbox: stored before sent, removed only once acknowledged, retried after
// failures (never dropped), refused chunks dropped, restore after a "reload", and the
// numbering floor that survives acknowledgement.
import { ChunkQueue, MemoryChunkStore, type ChunkAck } from "./chunk-queue";

const bytes = (n: number) => Uint8Array.from([n & 0xff, n >> 8]);

class FlakyServer {
  stored = new Map<number, Uint8Array>();
  order: number[] = [];
  down = false;
  refuse = new Set<number>();
  send = async (seq: number, b: Uint8Array): Promise<ChunkAck> => {
    await new Promise((r) => setTimeout(r, 1));
    if (this.down) throw Object.assign(new Error("network"), { retry: true });
    if (this.refuse.has(seq)) throw Object.assign(new Error("refused"), { retry: false });
    this.order.push(seq);
    this.stored.set(seq, b);
    let received = -1;
    while (this.stored.has(received + 1)) received++;
    return { receivedSeq: received, durationSec: 0, remainingSec: 100 };
  };
}

function queue(server: FlakyServer, store: MemoryChunkStore, extra: Partial<ConstructorParameters<typeof ChunkQueue>[0]> = {}) {
  return new ChunkQueue({
    sessionId: "s1",
    store,
    send: server.send,
    classify: (e) => ((e as { retry?: boolean }).retry ? { retry: true } : { retry: false, error: e }),
    baseDelayMs: 2,
    maxDelayMs: 10,
    ...extra,
  });
}

describe("ChunkQueue", () => {
  it("stores each chunk before sending it and forgets it once acknowledged", async () => {
    const server = new FlakyServer();
    const store = new MemoryChunkStore();
    const seen: number[] = [];
    const q = queue(server, store, {
      send: async (seq, b) => {
        // At send time the chunk is already in the local store.
        seen.push((await store.list("s1")).filter((c) => c.seq === seq).length);
        return server.send(seq, b);
      },
    });
    for (let i = 0; i < 5; i++) await q.add(i, bytes(i));
    await q.drained();
    expect(seen).toEqual([1, 1, 1, 1, 1]);
    expect(await store.list("s1")).toEqual([]);
    expect([...server.stored.keys()].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4]);
    expect(await store.nextSeq("s1")).toBe(5);
  });

  it("sends in seq order when one at a time", async () => {
    const server = new FlakyServer();
    const q = queue(server, new MemoryChunkStore(), { parallel: 1 });
    await Promise.all([3, 1, 2, 0].map((i) => q.add(i, bytes(i))));
    await q.drained();
    // The first one goes as soon as it is added; the rest follow in seq order.
    expect(server.order.slice(1)).toEqual([...server.order.slice(1)].sort((a, b) => a - b));
    expect(new Set(server.order)).toEqual(new Set([0, 1, 2, 3]));
  });

  it("keeps everything through an outage, reports the lost connection, and delivers all of it afterwards", async () => {
    const server = new FlakyServer();
    const store = new MemoryChunkStore();
    const connection: boolean[] = [];
    const q = queue(server, store, { onConnection: (lost) => connection.push(lost), lostAfter: 2 });
    await q.add(0, bytes(0));
    await q.drained();
    server.down = true;
    for (let i = 1; i <= 20; i++) await q.add(i, bytes(i));
    await new Promise((r) => setTimeout(r, 60));
    expect(q.connectionLost).toBe(true);
    expect((await store.list("s1")).map((c) => c.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    server.down = false;
    q.retryNow();
    await q.drained();
    expect(connection).toEqual([true, false]);
    expect(server.stored.size).toBe(21);
    for (let i = 0; i <= 20; i++) expect(server.stored.get(i)).toEqual(bytes(i));
    expect(await store.list("s1")).toEqual([]);
  });

  it("drops a chunk the server refuses for good instead of retrying forever", async () => {
    const server = new FlakyServer();
    server.refuse.add(1);
    const refused: number[] = [];
    const store = new MemoryChunkStore();
    const q = queue(server, store, { onRefused: (seq) => refused.push(seq) });
    for (let i = 0; i < 3; i++) await q.add(i, bytes(i));
    await q.drained();
    expect(refused).toEqual([1]);
    expect([...server.stored.keys()].sort()).toEqual([0, 2]);
    expect(await store.list("s1")).toEqual([]);
  });

  it("after a reload, a new queue sends what the old page left, and numbering continues past every seq ever stored", async () => {
    const server = new FlakyServer();
    const store = new MemoryChunkStore();
    const first = queue(server, store);
    await first.add(0, bytes(0));
    await first.drained();
    server.down = true;
    await first.add(1, bytes(1));
    await first.add(2, bytes(2));
    first.close(); // the page goes away
    server.down = false;
    const second = queue(server, store);
    expect(await second.restore()).toBe(2);
    expect(await store.nextSeq("s1")).toBe(3);
    await second.drained();
    expect([...server.stored.keys()].sort()).toEqual([0, 1, 2]);
  });

  it("resends the seqs the server names as missing at finish", async () => {
    const server = new FlakyServer();
    const store = new MemoryChunkStore();
    server.down = true;
    const q = queue(server, store, { baseDelayMs: 10_000, maxDelayMs: 10_000 });
    await q.add(0, bytes(0));
    await new Promise((r) => setTimeout(r, 10));
    server.down = false;
    expect(await q.resend([0, 5])).toEqual([5]);
    await q.drained();
    expect(server.stored.get(0)).toEqual(bytes(0));
    q.close();
  });
});
