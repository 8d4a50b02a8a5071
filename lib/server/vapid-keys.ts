import "server-only";
import crypto from "node:crypto";

// Web Push's VAPID key pair (RFC 8292): a P-256 key pair, both halves base64url (the public one as the
// 65-byte uncompressed point, the private one as the 32-byte scalar), as web-push's generateVAPIDKeys makes them.

/** Well-known pairs from tutorials and web-push's own README: refused like a published AUTH_SECRET. */
const PUBLISHED_PUBLIC_KEYS = ["BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U"];

const HINT = "Generate a pair with `npx web-push generate-vapid-keys` (or run `npm run setup`, which writes one into .env).";

/** What is wrong with this VAPID pair for production, or null when it is fine. */
export function vapidKeyProblem(publicKey: string | undefined, privateKey: string | undefined): string | null {
  if (!publicKey || !privateKey) return `VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must both be set (push notifications sign with them). ${HINT}`;
  const pub = Buffer.from(publicKey, "base64url");
  const priv = Buffer.from(privateKey, "base64url");
  if (pub.length !== 65 || pub[0] !== 4 || priv.length !== 32) return `VAPID_PUBLIC_KEY or VAPID_PRIVATE_KEY is not a P-256 key in base64url. ${HINT}`;
  if (PUBLISHED_PUBLIC_KEYS.includes(publicKey)) return `VAPID_PUBLIC_KEY is a published example pair. ${HINT}`;
  try {
    const ecdh = crypto.createECDH("prime256v1");
    ecdh.setPrivateKey(priv);
    if (!ecdh.getPublicKey().equals(pub)) return `VAPID_PUBLIC_KEY is not the public half of VAPID_PRIVATE_KEY. ${HINT}`;
  } catch {
    return `VAPID_PRIVATE_KEY is not a valid P-256 private key. ${HINT}`;
  }
  return null;
}
