import { canonicalVideoUrl, parseVideoLink, videoLinkErrorKey } from "./link.schema";

const ID = "dQw4w9WgXcQ";

function reason(input: string, extraHosts?: string[]): string {
  const r = parseVideoLink(input, extraHosts);
  return r.ok ? `ok:${r.videoId}` : r.reason;
}

describe("parseVideoLink accepts one YouTube video in its usual forms", () => {
  test.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?v=${ID}&t=42s`,
    `http://m.youtube.com/watch?v=${ID}`,
    `https://music.youtube.com/watch?v=${ID}&list=RDAMVM${ID}`,
    `https://www.youtube.com/watch?v=${ID}&list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG&index=2`,
    `https://youtu.be/${ID}`,
    `https://youtu.be/${ID}?si=abcDEF123&t=10`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://www.youtube.com/shorts/${ID}/`,
    `https://www.youtube.com/live/${ID}?feature=share`,
    `https://www.youtube.com/embed/${ID}`,
    `  https://www.youtube.com/watch?v=${ID}\n`,
    `HTTPS://WWW.YOUTUBE.COM/watch?v=${ID}`,
    `https://www.youtube.com:443/watch?v=${ID}`,
    `https://www.youtube.com/watch?v=${ID}#t=1m`,
  ])("%s", (input) => {
    expect(reason(input)).toBe(`ok:${ID}`);
  });

  test("the video id is passed on as a canonical watch URL", () => {
    expect(canonicalVideoUrl(ID)).toBe(`https://www.youtube.com/watch?v=${ID}`);
  });
});

describe("parseVideoLink rejects", () => {
  test.each([
    ["", "empty"],
    ["   \t\n ", "empty"],
    ["youtube.com/watch?v=" + ID, "invalid"],
    ["www.youtube.com", "invalid"],
    ["not a link", "invalid"],
    ["https://", "invalid"],
    [`https:youtube.com/watch?v=${ID}`, "invalid"],
    [`https:\\\\youtube.com\\watch?v=${ID}`, "invalid"],
    [`https://you tube.com/watch?v=${ID}`, "invalid"],
    [`https://you\ttube.com/watch?v=${ID}`, "invalid"],
    [`https://www.youtube.com/watch?v=${ID}&x=${"a".repeat(3000)}`, "invalid"],
    [`ftp://youtube.com/watch?v=${ID}`, "protocol"],
    ["javascript:alert(1)", "protocol"],
    ["file:///etc/passwd", "protocol"],
    [`data:text/html,https://youtube.com/watch?v=${ID}`, "protocol"],
    [`ws://youtube.com/watch?v=${ID}`, "protocol"],
  ])("%j → %s", (input, expected) => {
    expect(reason(input)).toBe(expected);
  });

  test.each([
    // look-alike and smuggled hosts
    `https://youtube.com.evil.com/watch?v=${ID}`,
    `https://evil.com/youtube.com/watch?v=${ID}`,
    `https://evil.com/?u=https://youtube.com/watch?v=${ID}`,
    `https://youtube.com@127.0.0.1/watch?v=${ID}`,
    `https://www.youtube.com:x@evil.com/watch?v=${ID}`,
    `https://evil.com\\@youtube.com/watch?v=${ID}`,
    `https://evil.com#@youtube.com/watch?v=${ID}`,
    `https://evilyoutube.com/watch?v=${ID}`,
    `https://youtube.co/watch?v=${ID}`,
    `https://youtube.com./watch?v=${ID}`,
    `https://www.youtube.com%2eevil.com/watch?v=${ID}`,
    `https://yоutube.com/watch?v=${ID}`, // Cyrillic о: punycode xn--yutube-wqf.com
    `https://xn--yutube-wqf.com/watch?v=${ID}`,
    `https://youtu.be.evil.com/${ID}`,
    `https://gaming.youtube.com/watch?v=${ID}`,
    // other ports on the real hosts
    `https://www.youtube.com:8443/watch?v=${ID}`,
    `http://youtube.com:8080/watch?v=${ID}`,
    `https://youtu.be:444/${ID}`,
    // addresses, in every spelling
    "http://127.0.0.1:8080/x",
    "http://10.0.0.1/",
    "http://[::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://localhost/",
    "http://localhost:3000/watch?v=" + ID,
    "http://169.254.169.254/latest/meta-data",
    "http://2130706433/",
    "http://0x7f.1/",
    "http://0177.0.0.1/",
    "http://[fe80::1]/",
    "http://192.168.1.1/",
    "http://metadata.google.internal/computeMetadata/v1/",
  ])("host: %s", (input) => {
    expect(reason(input)).toBe("host");
  });

  test.each([
    `https://user:pass@youtube.com/watch?v=${ID}`,
    `https://user@www.youtube.com/watch?v=${ID}`,
    `https://:pass@youtu.be/${ID}`,
  ])("credentials: %s", (input) => {
    expect(reason(input)).toBe("invalid");
  });

  test.each([
    "https://www.youtube.com/",
    "https://www.youtube.com/@SomeChannel",
    "https://www.youtube.com/channel/UCuAXFkgsw1L7xaCfnd5JJOw",
    "https://www.youtube.com/c/SomeChannel/videos",
    "https://www.youtube.com/playlist?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG",
    "https://www.youtube.com/results?search_query=cats",
    "https://www.youtube.com/watch",
    "https://www.youtube.com/watch?v=",
    "https://www.youtube.com/watch?v=short",
    `https://www.youtube.com/watch?v=${ID}x`,
    `https://www.youtube.com/watch?v=${ID}&v=aaaaaaaaaaa`,
    `https://www.youtube.com/watch?list=PL1&feature=${ID}`,
    "https://youtu.be/",
    `https://youtu.be/${ID}/extra`,
    `https://www.youtube.com/shorts/${ID}/extra`,
    `https://www.youtube.com/redirect?q=http://127.0.0.1/`,
    `https://www.youtube.com/attribution_link?u=/watch%3Fv%3D${ID}`,
  ])("not one video: %s", (input) => {
    expect(reason(input)).toBe("invalid");
  });
});

describe("extra hosts (server-side test hosts)", () => {
  test("an extra host:port is allowed, with no video id", () => {
    const r = parseVideoLink("http://127.0.0.1:8123/page", ["127.0.0.1:8123"]);
    expect(r).toMatchObject({ ok: true, videoId: null });
    expect(r.ok && r.url.href).toBe("http://127.0.0.1:8123/page");
  });

  test("only the exact host and port", () => {
    expect(reason("http://127.0.0.1:8124/page", ["127.0.0.1:8123"])).toBe("host");
    expect(reason("http://127.0.0.1/page", ["127.0.0.1:8123"])).toBe("host");
    expect(reason("http://localhost:8123/page", ["127.0.0.1:8123"])).toBe("host");
    expect(reason("http://[::1]:8123/page", ["[::1]:8123"])).toBe("ok:null");
  });

  test("YouTube hosts keep their video rule when extra hosts are given", () => {
    expect(reason("https://www.youtube.com/@x", ["127.0.0.1:8123"])).toBe("invalid");
  });
});

test("each rejection has its catalogue key", () => {
  expect(videoLinkErrorKey).toEqual({ empty: "links.empty", invalid: "links.invalidUrl", protocol: "links.protocol", host: "links.host" });
});
