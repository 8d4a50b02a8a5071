import { NextRequest } from "next/server";
import nextConfig from "@/next.config";
import { proxy } from "@/proxy";
import { API_CSP, HSTS_VALUE, newNonce, pageCsp, servedOverHttps } from "./security-headers";

function directives(csp: string): Map<string, string[]> {
  return new Map(csp.split(";").map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
}

describe("the pages' Content-Security-Policy", () => {
  const csp = directives(pageCsp("abc123"));

  it("runs only our scripts and Next's nonced bootstrap, never inline or eval", () => {
    expect(csp.get("script-src")).toEqual(["'self'", "'nonce-abc123'", "'strict-dynamic'"]);
    expect(csp.get("default-src")).toEqual(["'self'"]);
  });

  it("forbids framing, plugins and base rewriting", () => {
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
  });

  it("lets the player and the mind map work", () => {
    expect(csp.get("media-src")).toEqual(["'self'", "blob:"]);
    expect(csp.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
  });

  it("adds eval and the hot-reload socket only in development", () => {
    expect(pageCsp("n")).not.toContain("unsafe-eval");
    expect(directives(pageCsp("n", true)).get("script-src")).toContain("'unsafe-eval'");
  });

  it("gets a fresh nonce every time", () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const n of nonces) expect(Buffer.from(n, "base64").length).toBe(16);
  });
});

describe("proxy (pages)", () => {
  it("sends the CSP with a new nonce, and gives Next the same CSP on the request", () => {
    const a = proxy(new NextRequest("http://localhost:3000/transcribe/"));
    const b = proxy(new NextRequest("http://localhost:3000/transcribe/"));
    const csp = a.headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'/);
    expect(b.headers.get("content-security-policy")).not.toBe(csp);
    // NextResponse.next({request: {headers}}) hands overridden request headers to the renderer this way.
    expect(a.headers.get("x-middleware-request-content-security-policy")).toBe(csp);
    expect(a.headers.get("strict-transport-security")).toBeNull();
  });

  it("adds HSTS only over https", () => {
    expect(proxy(new NextRequest("https://app.example/transcribe/")).headers.get("strict-transport-security")).toBe(HSTS_VALUE);
    const forwarded = new NextRequest("http://127.0.0.1:3000/transcribe/", { headers: { "x-forwarded-proto": "https" } });
    expect(proxy(forwarded).headers.get("strict-transport-security")).toBe(HSTS_VALUE);
  });

  it("knows https from the URL or the first X-Forwarded-Proto hop", () => {
    expect(servedOverHttps("http://x/", null)).toBe(false);
    expect(servedOverHttps("http://x/", "http")).toBe(false);
    expect(servedOverHttps("http://x/", "https, http")).toBe(true);
    expect(servedOverHttps("http://x/", "http, https")).toBe(false);
    expect(servedOverHttps("https://x/", null)).toBe(true);
  });
});

describe("next.config.ts headers", () => {
  it("sends nosniff, the referrer policy and no framing everywhere, the API CSP on /api, HSTS behind https", async () => {
    const rules = await nextConfig.headers!();
    const everywhere = rules.find((r) => r.source === "/:path*" && !r.has)!;
    const values = Object.fromEntries(everywhere.headers.map((h) => [h.key.toLowerCase(), h.value]));
    expect(values).toMatchObject({ "x-content-type-options": "nosniff", "referrer-policy": "strict-origin-when-cross-origin", "x-frame-options": "DENY" });
    const api = rules.find((r) => r.source.startsWith("/api/"))!;
    // Not on the media route, which sends its own sandbox CSP (config headers would override it).
    expect(api.source).toBe("/api/:path((?!media/).*)");
    expect(api.headers).toEqual([{ key: "Content-Security-Policy", value: API_CSP }]);
    const hsts = rules.find((r) => r.has)!;
    expect(hsts.has).toEqual([{ type: "header", key: "x-forwarded-proto", value: "https(,.*)?" }]);
    expect(hsts.headers).toEqual([{ key: "Strict-Transport-Security", value: HSTS_VALUE }]);
  });
});
