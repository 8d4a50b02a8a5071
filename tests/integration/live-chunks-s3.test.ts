import { S3_BUCKET, S3_PORT } from "./live-s3.env";
import { startLoopbackS3, type LoopbackS3 } from "@/tests/helpers/loopback-s3";
import { liveChunkCases } from "@/tests/helpers/live-chunk-cases";

// The live chunk protocol with chunks and recordings in S3 (the real S3 client against s3rver):
// the same cases as on local disk, including a second web process that reads the same store.
let s3: LoopbackS3;
beforeAll(async () => {
  s3 = await startLoopbackS3({ port: S3_PORT, bucket: S3_BUCKET });
});
afterAll(async () => {
  await s3?.close();
});

describe("live chunks: S3 storage", () => {
  liveChunkCases();
});
