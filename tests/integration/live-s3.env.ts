// Imported first by live-chunks-s3.test.ts: the app stores in S3 (s3rver on this loopback port,
// started by the test) before lib/server/env.ts reads its settings.
import { LOOPBACK_S3_KEY } from "@/tests/helpers/loopback-s3";
import { loopbackPort } from "@/tests/helpers/ports";
export const S3_PORT = loopbackPort();
export const S3_BUCKET = "live-chunks";
Object.assign(process.env, {
  STORAGE_DRIVER: "s3",
  S3_ENDPOINT: `http://127.0.0.1:${S3_PORT}`,
  S3_BUCKET,
  S3_REGION: "us-east-1",
  S3_FORCE_PATH_STYLE: "1",
  S3_ACCESS_KEY_ID: LOOPBACK_S3_KEY,
  S3_SECRET_ACCESS_KEY: LOOPBACK_S3_KEY,
});
