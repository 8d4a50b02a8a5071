import { isIP } from "node:net";

/**
 * server.ts writes the TCP peer's address into this header on every request (overwriting anything the
 * client sent), so per-address limits work without a proxy. Under `next dev`/`next start` nobody sets
 * it, and the address is "unknown" (one shared bucket).
 */
export const PEER_ADDRESS_HEADER = "x-tingji-peer-address";

/** The peer address server.ts saw, without the IPv4-mapped IPv6 prefix; "unknown" when absent. */
export function peerAddress(headers: Headers): string {
  const raw = (headers.get(PEER_ADDRESS_HEADER) ?? "").trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  return raw && isIP(raw) ? raw : "unknown";
}
