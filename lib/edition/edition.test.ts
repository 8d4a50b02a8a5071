import { chooseLocale } from "@/lib/i18n/locales";
import { currencyOf } from "@/lib/billing/plans";
import { parseIdentifier } from "@/lib/collab/collab.schema";
import { editionForHost } from "./edition";

// The edition is chosen by host (CHINA_HOSTS or .cn) or by the region setting, and it decides
// the forced language, the currency and how collaborators are named.
describe("editionForHost", () => {
  it.each([
    ["tingji.cn", "international", "", "china"],
    ["TINGJI.CN:3311", "international", "", "china"],
    ["app.tingji.com.cn", "international", "", "china"],
    ["tingji.example", "international", "tingji.example, other.example", "china"],
    ["other.example:443", "international", "tingji.example,other.example", "china"],
    ["tingji.example", "international", "", "international"],
    ["tingji.example", "china", "", "china"],
    ["127.0.0.1:3311", "international", "", "international"],
    ["cn.example.com", "international", "", "international"],
    ["tingji.cn.evil.example", "international", "", "international"],
    ["", "international", "tingji.cn", "international"],
    [null, "china", "", "china"],
  ] as const)("%s with setting %s and CHINA_HOSTS %j → %s", (host, setting, hosts, expected) => {
    expect(editionForHost(host, setting, hosts)).toBe(expected);
  });
});

describe("what the China edition decides", () => {
  it("forces Chinese, whatever was chosen or the browser asks", () => {
    expect(chooseLocale({ edition: "china", chosen: "de", browser: "fr-FR,fr;q=0.9" })).toBe("zh");
    expect(chooseLocale({ edition: "international", chosen: "de", browser: "fr" })).toBe("de");
  });

  it("prices in CNY (USD elsewhere)", () => {
    expect(currencyOf("china")).toBe("CNY");
    expect(currencyOf("international")).toBe("USD");
  });

  it("names collaborators by phone (by email elsewhere)", () => {
    expect(parseIdentifier("+86 138 0013 8000", "china")).toEqual({ kind: "phone", value: "13800138000" });
    expect(parseIdentifier("wang@example.com", "china")).toBeNull();
    expect(parseIdentifier("13800138000", "international")).toBeNull();
  });
});
