import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { API_CSP, COMMON_HEADERS, HSTS_VALUE } from "./lib/server/security-headers";

const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

const nextConfig: NextConfig = {
  // Packages with native parts or child processes stay outside the server bundle.
  serverExternalPackages: ["pg", "bullmq", "ioredis", "fluent-ffmpeg", "busboy", "nodemailer", "@prisma/adapter-pg"],
  poweredByHeader: false,
  // npm test type-checks the whole project (tsc --noEmit) before it builds.
  typescript: { ignoreBuildErrors: true },
  // Security headers on every answer; the pages' CSP (with its per-request nonce) is set in proxy.ts.
  async headers() {
    return [
      { source: "/:path*", headers: COMMON_HEADERS },
      // Config headers override a route's own, so the media route (stored files: its own sandbox CSP,
      // lib/storage/serve.ts) is left out here.
      { source: "/api/:path((?!media/).*)", headers: [{ key: "Content-Security-Policy", value: API_CSP }] },
      // HSTS only when the browser came over https (a TLS-terminating proxy says so).
      {
        source: "/:path*",
        has: [{ type: "header", key: "x-forwarded-proto", value: "https(,.*)?" }],
        headers: [{ key: "Strict-Transport-Security", value: HSTS_VALUE }],
      },
    ];
  },
  experimental: {
    // Uploads stream through route handlers; no body limit at this layer.
    proxyClientMaxBodySize: "5gb",
  },
};

export default withNextIntl(nextConfig);
