import { assertPublicHost, isPublicAddress } from "./private-address";
import { LinkFetchError } from "./fetch-error";

describe("isPublicAddress", () => {
  test.each([
    "127.0.0.1",
    "127.255.255.254",
    "0.0.0.0",
    "10.0.0.1",
    "10.255.255.255",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "100.127.255.255",
    "192.0.0.8",
    "192.0.2.1",
    "198.18.0.1",
    "198.51.100.7",
    "203.0.113.9",
    "224.0.0.251",
    "239.255.255.250",
    "240.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "[::1]",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "::ffff:169.254.169.254",
    "::127.0.0.1",
    "fe80::1",
    "fe80::1%eth0",
    "febf:ffff::1",
    "fc00::1",
    "fd12:3456:789a::1",
    "ff02::1",
    "ff05::1:3",
    "2001:db8::1",
    "2001::1",
    "2002:a00:1::1",
    "64:ff9b::a00:1", // NAT64 of 10.0.0.1
    "64:ff9b::127.0.0.1",
    "64:ff9b:1::1",
    "100::1",
    "not an address",
    "",
  ])("%s is not public", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  test.each([
    "8.8.8.8",
    "1.1.1.1",
    "142.250.185.78",
    "172.15.255.255",
    "172.32.0.1",
    "100.63.255.255",
    "100.128.0.1",
    "169.253.0.1",
    "192.169.0.1",
    "2607:f8b0:4005:80a::200e",
    "2a00:1450:4001:82b::200e",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808", // NAT64 of 8.8.8.8
  ])("%s is public", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe("assertPublicHost", () => {
  async function outcome(hostname: string): Promise<string> {
    try {
      await assertPublicHost(hostname);
      return "public";
    } catch (e) {
      if (e instanceof LinkFetchError) return e.code;
      throw e;
    }
  }

  test("address literals are checked without a lookup", async () => {
    expect(await outcome("8.8.8.8")).toBe("public");
    expect(await outcome("[2607:f8b0:4005:80a::200e]")).toBe("public");
    expect(await outcome("127.0.0.1")).toBe("link_blocked");
    expect(await outcome("[::1]")).toBe("link_blocked");
    expect(await outcome("169.254.169.254")).toBe("link_blocked");
  });

  test("a name that resolves to loopback is refused", async () => {
    expect(await outcome("localhost")).toBe("link_blocked");
  });

  test("a name that does not resolve is a network failure", async () => {
    expect(await outcome("no-such-host.invalid")).toBe("link_network");
  });
});
