import OpenAI from "openai";
import { z } from "zod";
import { AppError } from "@/lib/api/errors";
import { LinkFetchError } from "@/lib/links/fetch-error";
import { MediaError } from "@/lib/media/ffmpeg";
import { PermanentTaskError } from "@/lib/tasks/task-errors";
import { Backoffs } from "bullmq";
import { defaultJobOptions } from "./contract";
import { classifyFailure, finalTaskError } from "./failures";

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
    expect(classifyFailure(unreachable)).toMatchObject({ kind: "transient", code: "link_network", suggestions: ["checkNetwork", "retryLater"] });
    expect(finalTaskError(unreachable)).toMatchObject({ code: "link_network", suggestions: ["checkNetwork", "retryLater"] });
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
