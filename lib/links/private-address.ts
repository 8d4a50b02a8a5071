import "server-only";
import dns from "node:dns";
import net from "node:net";
import { LinkFetchError } from "./fetch-error";

// Addresses a link may never make the server talk to: everything in the IANA
// special-purpose registries that is not globally reachable. BlockList also
// matches IPv4-mapped IPv6 (::ffff:10.0.0.1) against the IPv4 rules.
const IPV4_NOT_PUBLIC: [string, number][] = [
  ["0.0.0.0", 8], // "this network", unspecified
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata lives here)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
];

const IPV6_NOT_PUBLIC: [string, number][] = [
  ["::", 96], // unspecified, loopback, deprecated IPv4-compatible
  ["64:ff9b:1::", 48], // local-use NAT64
  ["100::", 64], // discard-only
  ["2001::", 23], // IETF protocol assignments (Teredo, ORCHID, ...)
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4: tunnels to an embedded IPv4 address
  ["3fff::", 20], // documentation
  ["5f00::", 16], // segment routing
  ["fc00::", 7], // unique-local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
];

// Well-known NAT64 prefix: public when the IPv4 address in its last 32 bits is.
const NAT64 = new net.BlockList();
NAT64.addSubnet("64:ff9b::", 96, "ipv6");

const notPublic = buildBlockList();

function buildBlockList(): net.BlockList {
  const list = new net.BlockList();
  for (const [address, prefix] of IPV4_NOT_PUBLIC) list.addSubnet(address, prefix, "ipv4");
  for (const [address, prefix] of IPV6_NOT_PUBLIC) list.addSubnet(address, prefix, "ipv6");
  return list;
}

/** True when an IP address (v4 or v6, zone id allowed) is globally reachable. */
export function isPublicAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = net.isIP(ip);
  if (family === 0) return false;
  const type = family === 4 ? "ipv4" : "ipv6";
  if (notPublic.check(ip, type)) return false;
  if (type === "ipv6" && NAT64.check(ip, "ipv6")) return isPublicAddress(embeddedIpv4(ip));
  return true;
}

/**
 * Resolves a host name and throws LinkFetchError("link_blocked") if any of its
 * addresses is not public (a name resolving to both is still refused: the
 * downloader may pick either). A failed lookup is a network error.
 */
export async function assertPublicHost(hostname: string): Promise<void> {
  const host = hostname.replace(/^\[|\]$/g, "");
  const addresses = net.isIP(host) ? [host] : await lookupAll(host);
  const blocked = addresses.filter((a) => !isPublicAddress(a));
  if (addresses.length === 0 || blocked.length > 0) {
    throw new LinkFetchError("link_blocked", { detail: `${hostname} resolves to ${blocked.join(", ") || "nothing"}` });
  }
}

async function lookupAll(host: string): Promise<string[]> {
  try {
    const results = await dns.promises.lookup(host, { all: true, verbatim: true });
    return results.map((r) => r.address);
  } catch (e) {
    throw new LinkFetchError("link_network", { detail: `lookup ${host}: ${(e as NodeJS.ErrnoException).code ?? String(e)}` });
  }
}

/** The IPv4 address in the last 32 bits of an IPv6 address ("64:ff9b::a00:1" → "10.0.0.1"). */
function embeddedIpv4(ipv6: string): string {
  const dotted = ipv6.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) return dotted[1]!;
  const groups = ipv6.split(":");
  const low = parseInt(groups.at(-1) || "0", 16);
  const high = parseInt(groups.at(-2) || "0", 16);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
}
