import "server-only";
import { createHash, createHmac } from "node:crypto";

// AWS Signature V4 in the query string ("presigned URL") for one S3 object, written out
// here because @aws-sdk/s3-request-presigner is not a dependency. The signed parts are
// the method, the path, the query (with any response-* overrides) and the host header;
// the body is UNSIGNED-PAYLOAD, as S3 expects for presigned requests.

export interface PresignInput {
  method: "GET" | "PUT";
  /** The object's URL without a query: path style (endpoint/bucket/key) or virtual host. */
  url: URL;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  expiresInSec: number;
  /** Extra query parameters signed with the rest (response-content-type, response-content-disposition). */
  query?: Record<string, string>;
  now?: Date;
}

// RFC 3986 unreserved characters stay; everything else is %-encoded (S3's rule, stricter than encodeURIComponent).
const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data, "utf8").digest();

export function presignS3Url(input: PresignInput): string {
  const now = input.now ?? new Date();
  const amzDate = now.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
  const day = amzDate.slice(0, 8);
  const scope = `${day}/${input.region}/s3/aws4_request`;
  const params: Record<string, string> = {
    ...input.query,
    "X-Amz-Algorithm": "AWS4-HMAC-SHA256",
    "X-Amz-Credential": `${input.credentials.accessKeyId}/${scope}`,
    "X-Amz-Date": amzDate,
    "X-Amz-Expires": String(input.expiresInSec),
    "X-Amz-SignedHeaders": "host",
    ...(input.credentials.sessionToken ? { "X-Amz-Security-Token": input.credentials.sessionToken } : {}),
  };
  const query = Object.entries(params)
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  // The path is already encoded segment by segment by the caller (see objectUrl in s3-storage.ts).
  const canonical = [input.method, input.url.pathname, query, `host:${input.url.host}`, "", "host", "UNSIGNED-PAYLOAD"].join("\n");
  const toSign = ["AWS4-HMAC-SHA256", amzDate, scope, createHash("sha256").update(canonical, "utf8").digest("hex")].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${input.credentials.secretAccessKey}`, day), input.region), "s3"), "aws4_request");
  const signature = createHmac("sha256", key).update(toSign, "utf8").digest("hex");
  return `${input.url.origin}${input.url.pathname}?${query}&X-Amz-Signature=${signature}`;
}

/** An object key as a URL path: each segment encoded, the slashes kept. */
export function encodeKeyPath(key: string): string {
  return key.split("/").map(rfc3986).join("/");
}
