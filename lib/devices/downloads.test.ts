import { mobileBannerPlatform, type ClientDownloads } from "@/lib/devices/downloads";

const both: ClientDownloads = { windows: null, macos: null, ios: "https://apps.example/ios", android: "https://apps.example/android" };

describe("mobileBannerPlatform", () => {
  test("a phone with its download configured gets the banner for its platform", () => {
    expect(mobileBannerPlatform("ios", false, both)).toBe("ios");
    expect(mobileBannerPlatform("android", false, both)).toBe("android");
  });

  test("no banner on a desktop, in a messaging app's browser or without a link", () => {
    expect(mobileBannerPlatform(null, false, both)).toBeNull();
    expect(mobileBannerPlatform("ios", true, both)).toBeNull();
    expect(mobileBannerPlatform("android", false, { ...both, android: null })).toBeNull();
  });
});
