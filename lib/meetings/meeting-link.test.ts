import { parseMeetingLink, type MeetingPlatform } from "./meeting-link";

const valid: [MeetingPlatform, string][] = [
  ["zoom", "https://zoom.us/j/85012345678?pwd=aBcDeFgHiJkLmNoPqRsTuV.1"],
  ["zoom", "https://us05web.zoom.us/j/7512345678"],
  ["zoom", "https://acme.zoom.us/my/jane.doe"],
  ["zoom", "https://zoom.us/w/98765432101?tk=abc"],
  ["zoom", "https://zoom.com.cn/j/123456789"],
  ["zoom", "https://app.zoom.com.cn/j/12345678901/"],
  ["zoom", "https://zoom.us/wc/join/85012345678"],
  ["zoom", "HTTPS://ZOOM.US/j/85012345678"],
  ["google_meet", "https://meet.google.com/abc-defg-hij"],
  ["google_meet", "https://meet.google.com/abc-defg-hij?authuser=1"],
  ["google_meet", "meet.google.com/abc-defg-hij"],
  [
    "teams",
    "https://teams.microsoft.com/l/meetup-join/19%3ameeting_NjQ2YzU4%40thread.v2/0?context=%7b%22Tid%22%3a%22x%22%7d",
  ],
  ["teams", "https://teams.live.com/meet/9876543210123?p=AbCdEf"],
  ["teams", "https://teams.microsoft.com/meet/2345678901234?p=XyZ123"],
  ["tencent", "https://meeting.tencent.com/dm/AbCd1234EfGh"],
  ["tencent", "https://meeting.tencent.com/p/1234567890"],
  ["tencent", "https://meeting.tencent.com/s/a1B2c3D4"],
  ["tencent", "https://voovmeeting.com/dm/XyZ98765"],
  ["tencent", "https://www.voovmeeting.com/dm/XyZ98765"],
  ["feishu", "https://vc.feishu.cn/j/123456789"],
  ["feishu", "https://vc.larksuite.com/j/987654321"],
  ["feishu", "https://acme.feishu.cn/vc/j/123456789"],
  ["feishu", "https://acme.feishu.cn/calendar/meeting/7312345678901234567"],
];

const invalid: [string, string][] = [
  ["empty", ""],
  ["spaces", "   "],
  ["not a link", "let's meet tomorrow"],
  ["http", "http://zoom.us/j/85012345678"],
  ["other scheme", "zoommtg://zoom.us/join?confno=85012345678"],
  ["javascript", "javascript:alert(1)"],
  ["lookalike suffix", "https://zoom.us.evil.com/j/85012345678"],
  ["lookalike prefix", "https://evilzoom.us/j/85012345678"],
  ["nested subdomain trick", "https://zoom.us@evil.com/j/85012345678"],
  ["credentials", "https://user:pass@zoom.us/j/85012345678"],
  ["port", "https://zoom.us:8443/j/85012345678"],
  ["trailing dot host", "https://zoom.us./j/85012345678"],
  ["ipv4", "https://127.0.0.1/j/85012345678"],
  ["ipv4 hex", "https://0x7f000001/j/85012345678"],
  ["ipv6", "https://[::1]/j/85012345678"],
  ["zoom without meeting", "https://zoom.us/"],
  ["zoom short id", "https://zoom.us/j/1234"],
  ["zoom signin page", "https://zoom.us/signin"],
  ["meet lookalike", "https://meet.google.com.evil.io/abc-defg-hij"],
  ["meet other google host", "https://google.com/abc-defg-hij"],
  ["meet bad code", "https://meet.google.com/abcdefghij"],
  ["meet home", "https://meet.google.com/"],
  ["teams home", "https://teams.microsoft.com/"],
  ["teams lookalike", "https://teams.microsoft.com.evil.net/l/meetup-join/19%3a/0"],
  ["teams chat link", "https://teams.microsoft.com/l/chat/0/0?users=a@b.c"],
  ["tencent other host", "https://tencent.com/dm/AbCd1234"],
  ["tencent lookalike", "https://meeting.tencent.com.evil.cn/dm/AbCd1234"],
  ["tencent home", "https://meeting.tencent.com/"],
  ["feishu docs link", "https://acme.feishu.cn/docx/AbCdEf123"],
  ["feishu lookalike", "https://vc.feishu.cn.evil.com/j/123456789"],
  ["feishu bare domain", "https://feishu.cn/j/123456789"],
  ["whitespace inside", "https://zoom.us/j/850 12345678"],
  ["newline inside", "https://zoom.us/j/85012345678\nhttps://evil.com"],
  ["too long", `https://zoom.us/j/85012345678?pwd=${"a".repeat(3000)}`],
  ["other meeting service", "https://whereby.com/my-room"],
];

describe("parseMeetingLink accepts real links of every platform", () => {
  test.each(valid)("%s: %s", (platform, link) => {
    const parsed = parseMeetingLink(link);
    expect(parsed).toMatchObject({ ok: true, platform });
    if (parsed.ok) expect(parsed.url.protocol).toBe("https:");
  });

  test("keeps the query (Zoom's pwd) and trims surrounding spaces", () => {
    const parsed = parseMeetingLink("  https://zoom.us/j/85012345678?pwd=secret.1 \n");
    expect(parsed.ok && parsed.url.href).toBe("https://zoom.us/j/85012345678?pwd=secret.1");
  });

  test("a link without a scheme becomes https", () => {
    const parsed = parseMeetingLink("meet.google.com/abc-defg-hij");
    expect(parsed.ok && parsed.url.href).toBe("https://meet.google.com/abc-defg-hij");
  });
});

describe("parseMeetingLink refuses everything else", () => {
  test.each(invalid)("%s", (_why, link) => {
    expect(parseMeetingLink(link)).toEqual({ ok: false });
  });
});
