import { locales } from "@/lib/i18n/locales";
import { env } from "@/lib/server/env";
import { landingMetadata, landingUrl } from "./seo";

// The landing page's metadata in every language (issue 25): its own title and description
// (really translated, not English copies), canonical URL, hreflang alternates and Open Graph.

test("each of the nine languages has its own title, description, canonical URL and Open Graph locale", async () => {
  const origin = env().APP_URL.replace(/\/+$/, "");
  const english = await landingMetadata("en");
  const titles = new Set<string>();
  for (const l of locales) {
    const m = await landingMetadata(l);
    const title = (m.title as { absolute: string }).absolute;
    expect(title).toMatch(/Tingji/);
    expect(m.description!.length).toBeGreaterThan(60);
    if (l !== "en") {
      expect(title).not.toBe((english.title as { absolute: string }).absolute);
      expect(m.description).not.toBe(english.description);
    }
    titles.add(title);
    expect(m.alternates!.canonical).toBe(l === "en" ? `${origin}/transcribe/` : `${origin}/transcribe/?lang=${l}`);
    const languages = m.alternates!.languages as Record<string, string>;
    expect(Object.keys(languages).sort()).toEqual([...locales, "x-default"].sort());
    expect(languages["x-default"]).toBe(landingUrl("en"));
    const og = m.openGraph as { locale: string; url: string; alternateLocale: string[] };
    expect(og.url).toBe(m.alternates!.canonical);
    expect(og.locale.slice(0, 2)).toBe(l);
    expect(og.alternateLocale).toHaveLength(locales.length - 1);
  }
  expect(titles.size).toBe(locales.length);
});

test("Chinese metadata is written in Chinese", async () => {
  const m = await landingMetadata("zh");
  expect((m.title as { absolute: string }).absolute).toMatch(/[\u4e00-\u9fff]/);
  expect(m.description).toMatch(/转写/);
});
