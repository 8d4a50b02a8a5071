import OpenAI from "openai";
import { z } from "zod";
import { AppError } from "@/lib/server/errors";
import { LinkFetchError } from "@/lib/links/fetch-error";
import { MediaError } from "@/lib/media/ffmpeg";
import { PermanentTaskError } from "@/lib/jobs/task-errors";
import { Backoffs } from "bullmq";
import { defaultJobOptions } from "./contract";
import IORedis from "ioredis";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient, Prisma } from "@/lib/server/generated/prisma/client";
import { whenRedisReady, withinRedisWait } from "@/lib/server/redis";
import { classifyFailure, finalTaskError, isServiceOutage } from "./failures";

function apiError(status: number, message: string, code?: string, headers: Record<string, string> = {}) {
  return OpenAI.APIError.generate(status, { error: { message, code } }, message, new Headers(headers));
}
// openai.ts wraps the SDK's error with { cause }.
const wrapped = (cause: unknown) => new Error("speech API http://127.0.0.1 failed", { cause });

describe("classifyFailure", () => {
  it("undecodable media, malformed payloads and content policy are permanent, with their own codes", () => {
    expect(classifyFailure(new MediaError("ffmpeg could not convert x.mp3: Invalid data"))).toMatchObject({ kind: "permanent", code: "media_unreadable" });
    const zod = z.object({ taskId: z.string() }).safeParse({}).error;
    expect(classifyFailure(zod)).toMatchObject({ kind: "permanent", code: "job_invalid" });
    expect(classifyFailure(wrapped(apiError(400, "Your request was rejected by our content policy", "content_policy_violation")))).toMatchObject({ kind: "permanent", code: "content_policy" });
    expect(classifyFailure(new PermanentTaskError("no_speech", ["checkSpeech"]))).toEqual({ kind: "permanent", code: "no_speech", suggestions: ["checkSpeech"] });
    expect(classifyFailure(new AppError("common.invalidInput")).kind).toBe("permanent");
    expect(classifyFailure(wrapped(apiError(401, "bad key"))).kind).toBe("permanent");
  });

  it("network errors, 5xx and 429 are transient", () => {
    expect(classifyFailure(wrapped(apiError(503, "overloaded"))).kind).toBe("transient");
    expect(classifyFailure(wrapped(apiError(429, "slow down"))).kind).toBe("transient");
    expect(classifyFailure(wrapped(new OpenAI.APIConnectionError({ message: "socket hang up" }))).kind).toBe("transient");
    expect(classifyFailure(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" })).kind).toBe("transient");
    expect(classifyFailure(new Error("something odd")).kind).toBe("transient");
  });

  it("a link site that cannot be reached retries and then ends with the link's own message", () => {
    const unreachable = new LinkFetchError("link_network", { detail: "yt-dlp timed out" });
    // Our server could not reach the site: not the user's network, so no "check your network".
    expect(classifyFailure(unreachable)).toMatchObject({ kind: "transient", code: "link_network", suggestions: ["retryLater", "downloadAndUpload"] });
    expect(finalTaskError(unreachable)).toMatchObject({ code: "link_network", suggestions: ["retryLater", "downloadAndUpload"] });
    expect(classifyFailure(new LinkFetchError("link_private"))).toMatchObject({ kind: "permanent", code: "link_private" });
    expect(finalTaskError(new Error("boom")).code).toBe("transcription_failed");
  });
});

describe("retries of transient failures", () => {
  it("wait exponentially longer, with jitter between half and all of each step", () => {
    const backoff = defaultJobOptions.backoff as { type: string; delay: number; jitter: number };
    const waits = (attempt: number) => Array.from({ length: 40 }, () => Backoffs.calculate(backoff, attempt, new Error("503"), {} as never) as number);
    for (const attempt of [1, 2, 3]) {
      const ceiling = backoff.delay * 2 ** (attempt - 1);
      const samples = waits(attempt);
      for (const w of samples) expect(w).toBeGreaterThanOrEqual(ceiling / 2);
      for (const w of samples) expect(w).toBeLessThanOrEqual(ceiling);
      expect(new Set(samples).size).toBeGreaterThan(10);
    }
  });
});

// A few seconds of PostgreSQL or Redis being away is nobody's fault: such a
// failure is a transient outage (waited out by workers/run-job.ts), never permanent.
describe("database and Redis outages", () => {
  const outage = { kind: "transient", outage: true };

  it("Prisma's real errors for a database it cannot reach are outages", async () => {
    const client = new PrismaClient({ adapter: new PrismaPg({ connectionString: "postgresql://postgres@127.0.0.1:1/none" }) });
    try {
      const raw: unknown = await client.$queryRaw`SELECT 1`.catch((e: unknown) => e);
      const model: unknown = await client.user.findFirst().catch((e: unknown) => e);
      expect(raw).toBeInstanceOf(Error);
      expect(model).toBeInstanceOf(Error);
      expect(classifyFailure(raw)).toMatchObject(outage);
      expect(classifyFailure(model)).toMatchObject(outage);
    } finally {
      await client.$disconnect();
    }
  });

  it("Prisma's connection codes, pg's cut connections and a shutting-down server are outages, wrapped or not", () => {
    for (const code of ["P1001", "P1002", "P1008", "P1017"]) {
      expect(classifyFailure(new Prisma.PrismaClientKnownRequestError("db away", { code, clientVersion: "7" }))).toMatchObject(outage);
    }
    expect(classifyFailure(new Prisma.PrismaClientInitializationError("Can't reach database server at 127.0.0.1:5432", "7"))).toMatchObject(outage);
    const dropped = new Prisma.PrismaClientKnownRequestError("x", { code: "P2010", clientVersion: "7", meta: { driverAdapterError: { cause: { kind: "ConnectionClosed" } } } });
    expect(classifyFailure(dropped)).toMatchObject(outage);
    const shutdown = new Prisma.PrismaClientKnownRequestError("x", { code: "P2010", clientVersion: "7", meta: { driverAdapterError: { cause: { kind: "postgres", originalCode: "57P01" } } } });
    expect(classifyFailure(shutdown)).toMatchObject(outage);
    expect(classifyFailure(new Error("Connection terminated unexpectedly"))).toMatchObject(outage);
    expect(classifyFailure(new Error("analysis failed", { cause: new Error("Connection terminated unexpectedly") }))).toMatchObject(outage);
  });

  it("ioredis giving up on a Redis that is away, and our bounded waits, are outages", async () => {
    const conn = new IORedis("redis://127.0.0.1:1", { maxRetriesPerRequest: 0, retryStrategy: () => 200 });
    try {
      const failed: unknown = await conn.get("x").catch((e: unknown) => e);
      expect(classifyFailure(failed)).toMatchObject(outage);
      const notReady: unknown = await whenRedisReady(conn, 300).catch((e: unknown) => e);
      expect(notReady).toMatchObject({ name: "RedisUnavailableError" });
      expect(classifyFailure(notReady)).toMatchObject(outage);
      const slow: unknown = await withinRedisWait(new Promise(() => undefined), 50).catch((e: unknown) => e);
      expect(classifyFailure(slow)).toMatchObject(outage);
    } finally {
      conn.disconnect();
    }
  });

  it("other failures are not outages: a provider's network error, a bad query, a catalogue error", () => {
    expect(isServiceOutage(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }))).toBe(false);
    expect(isServiceOutage(new Prisma.PrismaClientKnownRequestError("unique", { code: "P2002", clientVersion: "7" }))).toBe(false);
    expect(classifyFailure(new AppError("common.invalidInput"))).toMatchObject({ kind: "permanent" });
    expect(classifyFailure(new MediaError("bad"))).not.toHaveProperty("outage");
  });
});
