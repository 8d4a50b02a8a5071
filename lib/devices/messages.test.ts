import fs from "node:fs";
import path from "node:path";
import { locales } from "@/lib/i18n/locales";
import type { PermissionOutcome } from "@/lib/client/notifications";
import type { InAppBrowser } from "@/lib/devices/user-agent";

// Every rule's message exists in all nine languages and really differs from English where it should.
const APPS: InAppBrowser[] = ["wechat", "qq", "weibo", "line", "facebook", "instagram"];
const OUTCOMES: PermissionOutcome[] = ["granted", "denied", "silentlyDenied", "unsupported", "timedOut", "noResponse", "error"];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- nested JSON read by key paths
type Json = Record<string, any>;

function load(locale: string, ns: string): Json {
  return JSON.parse(fs.readFileSync(path.join(__dirname, "../../messages", locale, `${ns}.json`), "utf8"));
}

describe.each(locales.map((l) => [l]))("%s", (locale) => {
  const clients = load(locale, "clients");
  const notify = load(locale, "notify");
  const en = load("en", "clients");

  test("the in-app warning names every app and has 3 steps, the first naming the app", () => {
    for (const app of APPS) expect(clients.inApp.apps[app]).toEqual(expect.any(String));
    for (const step of ["step1", "step2", "step3"]) expect(clients.inApp[step]).toEqual(expect.any(String));
    expect(clients.inApp.step1).toContain("{app}");
    expect(clients.inApp.body).toContain("{app}");
    for (const key of ["copy", "copied", "copyFailed", "continue"]) expect(clients.inApp[key]).toEqual(expect.any(String));
  });

  test("handoff, download and iOS help texts exist", () => {
    for (const key of ["title", "body", "open", "notNow", "noApp", "download", "opening"]) expect(clients.handoff[key]).toEqual(expect.any(String));
    for (const p of ["windows", "macos", "ios", "android"]) {
      expect(clients.platforms[p]).toEqual(expect.any(String));
      expect(clients.download.requirements[p]).toEqual(expect.any(String));
    }
    expect(clients.banner.title).toContain("{platform}");
    expect(clients.iosHelp.memos.step2).toEqual(expect.any(String));
  });

  test("every notification outcome has its message", () => {
    for (const o of OUTCOMES) expect(notify.outcome[o]).toEqual(expect.any(String));
  });

  if (locale !== "en") {
    test("translated, not copied from English", () => {
      expect(clients.inApp.title).not.toBe(en.inApp.title);
      expect(clients.handoff.body).not.toBe(en.handoff.body);
      expect(clients.iosHelp.intro).not.toBe(en.iosHelp.intro);
      expect(notify.outcome.noResponse).not.toBe(load("en", "notify").outcome.noResponse);
    });
  }
});
