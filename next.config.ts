import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

const nextConfig: NextConfig = {
  // Packages with native parts or child processes stay outside the server bundle.
  serverExternalPackages: ["pg", "bullmq", "ioredis", "fluent-ffmpeg", "busboy", "nodemailer", "@prisma/adapter-pg"],
  poweredByHeader: false,
  // npm test type-checks the whole project (tsc --noEmit) before it builds.
  typescript: { ignoreBuildErrors: true },
  experimental: {
    // Uploads stream through route handlers; no body limit at this layer.
    proxyClientMaxBodySize: "5gb",
  },
};

export default withNextIntl(nextConfig);
