import { NextRequest } from "next/server";
import { proxy } from "@/proxy";
import { TOOLS_LOCALE_HEADER, locales } from "@/lib/i18n/locales";
import { TOOL_PAGES } from "@/lib/tools/pages";
import { toolPageMetadata, toolsRobots, toolsSitemap } from "@/lib/tools/seo";
import { parseCaptions, chooseCaptionTrack } from "@/lib/tools/transcript/captions";
import { transcriptSrt, transcriptText } from "@/lib/tools/transcript/format";

// The tools site's SEO (title, description, canonical, hreflang, Open Graph per page and
// language; sitemap and robots) and the caption reading the transcript tool relies on.
// APP_URL is the jest default (tests/helpers/setup-env.ts) unless set: read it back from the canonical.

describe("metadata per page and language", () => {
  test("the transcript page in German: its own title and description, canonical ?lang=de, nine hreflang alternates plus x-default, Open Graph", async () => {
    const m = await toolPageMetadata("online-youtube-video-transcript", "de");
    const canonical = String(m.alternates?.canonical);
    expect(canonical).toMatch(/^https?:\/\/[^/]+\/tools\/online-youtube-video-transcript\?lang=de$/);
    const origin = new URL(canonical).origin;
    expect(m.title).toEqual({ absolute: expect.stringContaining("YouTube-Transkript") });
    expect(String(m.description)).toContain("Zeitstempeln");
    const languages = m.alternates?.languages as Record<string, string>;
    expect(Object.keys(languages).sort()).toEqual([...locales, "x-default"].sort());
    expect(languages.en).toBe(`${origin}/tools/online-youtube-video-transcript`);
    expect(languages["x-default"]).toBe(languages.en);
    expect(languages.ja).toBe(`${origin}/tools/online-youtube-video-transcript?lang=ja`);
    expect(m.openGraph).toMatchObject({ url: canonical, locale: "de_DE", type: "website" });
    expect((m.openGraph as { alternateLocale: string[] }).alternateLocale).toHaveLength(8);
  });

  test("every page has a distinct, translated title in every language", async () => {
    for (const page of TOOL_PAGES) {
      const titles = await Promise.all(locales.map(async (l) => JSON.stringify((await toolPageMetadata(page, l)).title)));
      expect(new Set(titles).size).toBe(locales.length);
      for (const l of locales) expect(String((await toolPageMetadata(page, l)).alternates?.canonical)).toContain(page === "index" ? "/tools" : `/tools/${page}`);
    }
  });
});

describe("sitemap.xml and robots.txt", () => {
  test("the sitemap lists every tools page in every language, each with its alternates; the China edition's leaves the transcript tool out", () => {
    const all = toolsSitemap();
    expect(all).toHaveLength(TOOL_PAGES.length * locales.length);
    const urls = all.map((e) => new URL(e.url));
    expect(urls.filter((u) => u.pathname === "/tools/online-audio-compressor").map((u) => u.searchParams.get("lang") ?? "en").sort()).toEqual([...locales].sort());
    expect(all.every((e) => Object.keys(e.alternates?.languages ?? {}).length === locales.length + 1)).toBe(true);
    const china = toolsSitemap(TOOL_PAGES.filter((p) => p !== "online-youtube-video-transcript"));
    expect(china.some((e) => e.url.includes("youtube"))).toBe(false);
  });

  test("robots.txt opens the tools site, closes the API and sign-in, and names the sitemap", () => {
    const r = toolsRobots();
    const rule = Array.isArray(r.rules) ? r.rules[0]! : r.rules;
    expect(rule.allow).toContain("/tools");
    expect(rule.disallow).toEqual(expect.arrayContaining(["/api/", "/tools/callback"]));
    expect(String(r.sitemap)).toMatch(/\/sitemap\.xml$/);
  });

  test("?lang=xx on a tools page picks the page language (proxy header for next-intl); elsewhere, or a bad value, it does not", () => {
    const header = (url: string, sent?: string) => {
      const res = proxy(new NextRequest(url, { headers: sent ? { [TOOLS_LOCALE_HEADER]: sent } : {} }));
      return res.headers.get(`x-middleware-request-${TOOLS_LOCALE_HEADER}`);
    };
    expect(header("http://127.0.0.1:3000/tools/online-audio-compressor?lang=ko")).toBe("ko");
    expect(header("http://127.0.0.1:3000/tools?lang=xx")).toBeNull();
    // The landing page takes ?lang too (its hreflang URLs); the app's other pages do not.
    expect(header("http://127.0.0.1:3000/transcribe/?lang=ko")).toBe("ko");
    expect(header("http://127.0.0.1:3000/transcribe/mobile?lang=ko")).toBeNull();
    // A client cannot set the header itself.
    expect(header("http://127.0.0.1:3000/tools", "ko")).toBeNull();
  });
});

describe("captions (VTT and SRT)", () => {
  test("VTT with tags and rolling automatic captions becomes clean timed lines", () => {
    const vtt = ["WEBVTT", "Kind: captions", "", "00:00:01.000 --> 00:00:02.500 align:start", "<c>hello</c> <00:00:01.500>world", "", "00:00:02.500 --> 00:00:04.000", "hello world", "", "00:00:04.000 --> 00:00:05.000", "hello world again &amp; more", ""].join("\n");
    expect(parseCaptions(vtt)).toEqual([
      { begin: 1000, end: 4000, text: "hello world" },
      { begin: 4000, end: 5000, text: "again & more" },
    ]);
  });

  test("SRT with hours and commas", () => {
    const srt = "1\r\n01:02:03,040 --> 01:02:04,500\r\nFirst line\r\nsecond part\r\n\r\n2\r\n01:02:05,000 --> 01:02:06,000\r\nNext\r\n";
    const segments = parseCaptions(srt);
    expect(segments).toEqual([
      { begin: 3_723_040, end: 3_724_500, text: "First line second part" },
      { begin: 3_725_000, end: 3_726_000, text: "Next" },
    ]);
    expect(transcriptText(segments)).toBe("[1:02:03] First line second part\n[1:02:05] Next");
    expect(transcriptSrt(segments)).toContain("01:02:03,040 --> 01:02:04,500");
  });

  test("which track: the site's own in the wanted language, then English; else the automatic original", () => {
    expect(chooseCaptionTrack({ manual: ["fr", "en", "de"], auto: [] }, "de")).toEqual({ language: "de", auto: false });
    expect(chooseCaptionTrack({ manual: ["fr", "en-US"], auto: [] }, "ja")).toEqual({ language: "en-US", auto: false });
    expect(chooseCaptionTrack({ manual: [], auto: ["af", "de", "en", "en-orig", "zh-Hans"] }, "de")).toEqual({ language: "en-orig", auto: true });
    expect(chooseCaptionTrack({ manual: [], auto: [] }, "en")).toBeNull();
  });
});
