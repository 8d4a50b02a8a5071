import { HANDOFF_DELAY_MS, addressWithoutOrigin, desktopHandoffLink, wantsDesktopHandoff } from "@/lib/devices/handoff";

const signedIn = { search: "?origin=desktop", storedOrigin: null, authenticated: true, token: "tok", userId: "u1" };

describe("wantsDesktopHandoff", () => {
  test("origin=desktop, authenticated, a token and a user: offered", () => {
    expect(wantsDesktopHandoff(signedIn)).toBe(true);
    expect(wantsDesktopHandoff({ ...signedIn, search: "?a=1&origin=desktop" })).toBe(true);
  });

  test("the stored origin counts when the address has none (the app opened the login page)", () => {
    expect(wantsDesktopHandoff({ ...signedIn, search: "", storedOrigin: "desktop" })).toBe(true);
    expect(wantsDesktopHandoff({ ...signedIn, search: "", storedOrigin: "tools" })).toBe(false);
  });

  test("the address wins over the stored origin", () => {
    expect(wantsDesktopHandoff({ ...signedIn, search: "?origin=web", storedOrigin: "desktop" })).toBe(false);
  });

  test("not offered without origin=desktop, sign-in, token or user", () => {
    expect(wantsDesktopHandoff({ ...signedIn, search: "" })).toBe(false);
    expect(wantsDesktopHandoff({ ...signedIn, search: "?origin=Desktop" })).toBe(false);
    expect(wantsDesktopHandoff({ ...signedIn, authenticated: false })).toBe(false);
    expect(wantsDesktopHandoff({ ...signedIn, token: null })).toBe(false);
    expect(wantsDesktopHandoff({ ...signedIn, token: "" })).toBe(false);
    expect(wantsDesktopHandoff({ ...signedIn, userId: null })).toBe(false);
  });

  test("the dialog waits one second (business limits)", () => {
    expect(HANDOFF_DELAY_MS).toBe(1000);
  });
});

describe("desktopHandoffLink", () => {
  test("the custom link carries token and userId", () => {
    const link = desktopHandoffLink("abc.def-ghi", "user-42");
    expect(link).toBe("tingji://auth?token=abc.def-ghi&userId=user-42");
  });

  test("values are encoded, so a token cannot add parameters", () => {
    const link = new URL(desktopHandoffLink("a&userId=evil b", "u/1?x"));
    expect(link.protocol).toBe("tingji:");
    expect(link.searchParams.get("token")).toBe("a&userId=evil b");
    expect(link.searchParams.getAll("userId")).toEqual(["u/1?x"]);
  });
});

describe("addressWithoutOrigin", () => {
  test("removes only the origin parameter", () => {
    expect(addressWithoutOrigin("https://x.test/transcribe/?origin=desktop")).toBe("/transcribe/");
    expect(addressWithoutOrigin("https://x.test/transcribe/?task=7&origin=desktop&tab=summary#top")).toBe("/transcribe/?task=7&tab=summary#top");
    expect(addressWithoutOrigin("https://x.test/transcribe/mobile")).toBe("/transcribe/mobile");
  });
});
