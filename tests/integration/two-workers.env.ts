// Imported first by two-workers.test.ts: storage must be S3 before lib/server/env.ts reads the settings.
// Under `STORAGE_DRIVER=s3 npm test` the run's loopback S3 (global setup) is used; otherwise this
// file starts its own s3rver on OWN_S3_PORT (two-workers.test.ts).
import { loopbackPort } from "@/tests/helpers/ports";
export const OWN_S3 = !(process.env.STORAGE_DRIVER === "s3" && process.env.S3_ENDPOINT);
export const OWN_S3_PORT = loopbackPort();
if (OWN_S3) {
  Object.assign(process.env, {
    STORAGE_DRIVER: "s3",
    S3_ENDPOINT: `http://127.0.0.1:${OWN_S3_PORT}`,
    S3_BUCKET: "two-workers",
    S3_REGION: "us-east-1",
    S3_FORCE_PATH_STYLE: "1",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
  });
}
// The local analyzer answers the analysis jobs.
delete process.env.AI_BASE_URL;
delete process.env.AI_API_KEY;
