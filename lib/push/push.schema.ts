import { z } from "zod";

/** A browser's PushSubscription.toJSON(), as the account panel sends it. */
export const pushSubscriptionBody = z.object({
  endpoint: z.url().max(2048),
  keys: z.object({
    // The browser's P-256 public key (65 bytes uncompressed) and its 16-byte auth secret, base64url.
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/),
    auth: z.string().regex(/^[A-Za-z0-9_-]{21,24}={0,2}$/),
  }),
  /** The device's name in the list ("Chrome on Android"), from its user agent. */
  label: z.string().trim().min(1).max(80),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

export const pushDeviceParams = z.object({ id: z.string().min(1).max(64) });
export const forgetEndpointBody = z.object({ endpoint: z.url().max(2048) });
