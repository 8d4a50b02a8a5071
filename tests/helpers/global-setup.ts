// jest globalSetup: migrate this run's template database. See tests/helpers/db.ts.
// With STORAGE_DRIVER=s3 (and no S3_ENDPOINT of one's own) the run stores files in s3rver on
// loopback: the test workers inherit the S3_* settings set here (tests/helpers/loopback-s3.ts).
import { prepareTestRun } from "./db";
import { startLoopbackS3, type LoopbackS3 } from "./loopback-s3";

export default async function globalSetup(): Promise<void> {
  await prepareTestRun();
  if (process.env.STORAGE_DRIVER === "s3" && !process.env.S3_ENDPOINT) {
    const s3 = await startLoopbackS3({ bucket: "tingji-jest" });
    Object.assign(process.env, s3.env);
    (globalThis as { __tingjiLoopbackS3?: LoopbackS3 }).__tingjiLoopbackS3 = s3;
  }
}
