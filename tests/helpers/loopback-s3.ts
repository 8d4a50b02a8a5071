// A real S3 protocol server on loopback (s3rver 3.7, files in a temp folder) for the real
// @aws-sdk/client-s3: the storage contract test, `STORAGE_DRIVER=s3 npm test` (global setup)
// and the browser-test servers (tests/e2e/serve.ts). Its account is S3RVER/S3RVER. It does not
// check V4 signatures (the contract test holds our presigner to AWS's published example instead).
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
// s3rver ships no types.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require("s3rver") as new (opts: Record<string, unknown>) => { run(): Promise<AddressInfo>; close(): Promise<void> };

export interface LoopbackS3 {
  /** The settings that point the app at it (STORAGE_DRIVER=s3 and S3_*). */
  env: Record<string, string>;
  url: string;
  bucket: string;
  directory: string;
  close(): Promise<void>;
}

export const LOOPBACK_S3_KEY = "S3RVER";

export async function startLoopbackS3(opts: { port?: number; bucket?: string; directory?: string } = {}): Promise<LoopbackS3> {
  const bucket = opts.bucket ?? "tingji-test";
  const directory = opts.directory ?? fs.mkdtempSync(path.join(os.tmpdir(), "tingji-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: opts.port ?? 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const address = await server.run();
  const url = `http://127.0.0.1:${address.port}`;
  return {
    url,
    bucket,
    directory,
    env: {
      STORAGE_DRIVER: "s3",
      S3_ENDPOINT: url,
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_FORCE_PATH_STYLE: "1",
      S3_ACCESS_KEY_ID: LOOPBACK_S3_KEY,
      S3_SECRET_ACCESS_KEY: LOOPBACK_S3_KEY,
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
