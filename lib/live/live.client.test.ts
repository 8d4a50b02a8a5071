// Which failed chunk sends the outbox retries (network, timeout, rate limit, server error) and
// which it drops (a refusal, e.g. past the plan's minutes), and the missing seqs a refused finish names.
import { ApiError } from "@/lib/client/api-errors";
import { classifySendFailure, missingSeqs } from "./live.client";

describe("classifySendFailure", () => {
  it.each([
    ["network", new ApiError(0, "network", { key: "common.network" }), true],
    ["timeout", new ApiError(408, "timeout", { key: "common.timeout" }), true],
    ["rate limited", new ApiError(429, "slow down", { status: 429 }), true],
    ["server error", new ApiError(500, "oops", { status: 500 }), true],
    ["out of minutes", new ApiError(403, "no minutes", { key: "upload.usageLimit", status: 403 }), false],
    ["chunk too large", new ApiError(413, "too large", { key: "live.chunkTooLarge", status: 413 }), false],
    ["a thrown TypeError (fetch failed)", new TypeError("Failed to fetch"), true],
  ])("%s", (_name, error, retry) => {
    expect(classifySendFailure(error).retry).toBe(retry);
  });
});

describe("missingSeqs", () => {
  it("reads data.missing of a live.chunksMissing refusal", () => {
    expect(missingSeqs(new ApiError(409, "missing", { key: "live.chunksMissing", data: { error: "live.chunksMissing", missing: [3, 7] } }))).toEqual([3, 7]);
  });
  it("is null for any other error", () => {
    expect(missingSeqs(new ApiError(500, "oops"))).toBeNull();
    expect(missingSeqs(new Error("x"))).toBeNull();
  });
});
