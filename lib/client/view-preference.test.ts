import { takeDesktopViewChoice } from "./view-preference";

// The mobile home's "desktop view" link works before the page's script loads: the choice rides in the address.
test("a ?view=desktop address is taken as the choice and dropped, other parameters stay", () => {
  expect(takeDesktopViewChoice("https://tingji.example/transcribe/?view=desktop")).toBe("/transcribe/");
  expect(takeDesktopViewChoice("https://tingji.example/transcribe/?task=t1&view=desktop#x")).toBe("/transcribe/?task=t1#x");
  expect(takeDesktopViewChoice("https://tingji.example/transcribe/?task=t1")).toBeNull();
  expect(takeDesktopViewChoice("https://tingji.example/transcribe/?view=mobile")).toBeNull();
});
