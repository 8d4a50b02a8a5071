import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [".next/**", "node_modules/**", "lib/server/generated/**", "var/**", "next-env.d.ts", "test-results/**", "bench/out/**", "public/sw.js", "public/sw.js.map"],
  },
  {
    rules: {
      // Settings are read through lib/server/env.ts only (house style).
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read settings through env() from lib/server/env.ts." }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // Our effects that set state reset a screen when its subject changes or
      // start a fetch; the rule flags both and offers nothing clearer.
      "react-hooks/set-state-in-effect": "off",
    },
  },
  {
    // Tooling, tests and benches set up the environment for the app they start.
    files: ["lib/server/env.ts", "scripts/**", "tests/**", "bench/**", "*.config.*", "prisma.config.ts", "**/*.test.ts"],
    rules: { "no-restricted-properties": "off" },
  },
];

export default config;
