// jest globalTeardown: drop this run's databases and Redis keys, and stop the loopback S3 server
// global-setup.ts started for STORAGE_DRIVER=s3. See tests/helpers/db.ts.
import { finishTestRun } from "./db";
import type { LoopbackS3 } from "./loopback-s3";

export default async function globalTeardown(): Promise<void> {
  await finishTestRun();
  await (globalThis as { __tingjiLoopbackS3?: LoopbackS3 }).__tingjiLoopbackS3?.close();
}
