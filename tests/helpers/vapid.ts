import crypto from "node:crypto";

/** A fresh VAPID pair as settings, for servers a test or bench starts in production mode (which refuses none). */
export function freshVapidEnv(): { VAPID_PUBLIC_KEY: string; VAPID_PRIVATE_KEY: string } {
  const ecdh = crypto.createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString("base64url"),
    VAPID_PRIVATE_KEY: Buffer.from(ecdh.getPrivateKey().toString("hex").padStart(64, "0"), "hex").toString("base64url"),
  };
}
