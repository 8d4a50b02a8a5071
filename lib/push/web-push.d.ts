// The part of web-push 3.6 (no bundled types) that lib/push uses: VAPID headers and RFC 8291 encryption.
declare module "web-push" {
  export interface RequestDetails {
    method: "POST";
    headers: Record<string, string | number>;
    body: Buffer | null;
    endpoint: string;
  }
  export interface PushSubscriptionKeys {
    endpoint: string;
    keys: { p256dh: string; auth: string };
  }
  export interface RequestOptions {
    vapidDetails: { subject: string; publicKey: string; privateKey: string };
    TTL?: number;
    urgency?: "very-low" | "low" | "normal" | "high";
    topic?: string;
    contentEncoding?: "aes128gcm" | "aesgcm";
  }
  export function generateRequestDetails(subscription: PushSubscriptionKeys, payload: string | Buffer | null, options: RequestOptions): RequestDetails;
  const webPush: { generateRequestDetails: typeof generateRequestDetails };
  export default webPush;
}
