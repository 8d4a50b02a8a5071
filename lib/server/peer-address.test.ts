import { peerAddress, PEER_ADDRESS_HEADER } from "@/lib/server/peer-address";

describe("peerAddress", () => {
  const of = (value?: string) => peerAddress(new Headers(value === undefined ? {} : { [PEER_ADDRESS_HEADER]: value }));

  it("reads the address server.ts wrote", () => {
    expect(of("203.0.113.7")).toBe("203.0.113.7");
    expect(of("2001:db8::1")).toBe("2001:db8::1");
  });

  it("drops the IPv4-mapped IPv6 prefix so one client has one key", () => {
    expect(of("::ffff:198.51.100.4")).toBe("198.51.100.4");
  });

  it("is unknown when absent or not an address", () => {
    expect(of()).toBe("unknown");
    expect(of("")).toBe("unknown");
    expect(of("evil, 1.2.3.4")).toBe("unknown");
  });
});
