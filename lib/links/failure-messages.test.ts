import fs from "node:fs";
import path from "node:path";
import { locales } from "@/lib/i18n/locales";
import { LinkFetchError, linkFailures, type LinkFailureCode } from "./fetch-error";

// Every link failure is shown to people as tasks.failure.<code>.{message, description} (the
// task's error panel and the tools site's transcript tool), with its suggestions and, while the
// user waits, its API error: in each of the nine languages, never as a raw key.

const read = (locale: string, ns: string) => JSON.parse(fs.readFileSync(path.join(process.cwd(), "messages", locale, `${ns}.json`), "utf8"));
const dig = (obj: Record<string, unknown>, key: string) => key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], obj);

describe.each(locales.map((l) => [l]))("%s", (locale) => {
  const tasks = read(locale, "tasks");
  const errors = read(locale, "errors");

  it.each(Object.keys(linkFailures) as LinkFailureCode[])("%s has a message, a description, its suggestions and its API error as text", (code) => {
    expect(typeof dig(tasks, `failure.${code}.message`)).toBe("string");
    expect(typeof dig(tasks, `failure.${code}.description`)).toBe("string");
    const e = new LinkFetchError(code);
    for (const s of e.suggestions) expect(typeof dig(tasks, `suggestions.${s}`)).toBe("string");
    expect(typeof dig(errors, e.key)).toBe("string");
  });
});

test("an unreachable site is our server's failure: no 'check your network'; try later or download and upload", () => {
  const e = new LinkFetchError("link_network");
  expect(e.key).toBe("links.unreachable");
  expect(e.suggestions).toEqual(["retryLater", "downloadAndUpload"]);
  const en = read("en", "tasks");
  expect(en.failure.link_network.message).toMatch(/from our server/);
  expect(en.failure.link_network.description).toMatch(/download the video and upload the file/);
  expect(read("en", "errors").links.unreachable).toMatch(/Our server could not reach the video site/);
});
