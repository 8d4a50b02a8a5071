import { routePattern } from "./metrics-registry";
import { currentRequestId, requestIdFrom, withRequestId } from "./request-context";

describe("route labels for HTTP latency", () => {
  it("puts the param names back in place of their values", () => {
    expect(routePattern("/api/transcription/tasks/ck123", { id: "ck123" })).toBe("/api/transcription/tasks/[id]");
    expect(routePattern("/admin/queues/api/queues", { path: ["api", "queues"] })).toBe("/admin/queues/[...path]");
    expect(routePattern("/api/health", {})).toBe("/api/health");
  });
});

describe("request ids", () => {
  it("keeps a plain id a client or proxy sent, and makes a new one otherwise", () => {
    expect(requestIdFrom("req-12345678")).toBe("req-12345678");
    for (const bad of [null, "", "short", "has space in it", "x".repeat(65), 'quote"d-id-123']) expect(requestIdFrom(bad)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("is known inside its context only", async () => {
    expect(currentRequestId()).toBeUndefined();
    await withRequestId("req-abcdefgh", async () => {
      await new Promise((r) => setTimeout(r, 1));
      expect(currentRequestId()).toBe("req-abcdefgh");
    });
  });
});
