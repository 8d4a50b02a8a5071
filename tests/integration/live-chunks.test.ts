import { liveChunkCases } from "@/tests/helpers/live-chunk-cases";

// The live chunk protocol on local disk storage (docs/live.md).
describe("live chunks: local storage", () => {
  liveChunkCases();
});
