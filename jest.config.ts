/** @jest-config-loader esbuild-register */
// (Node 20 cannot load a TypeScript config by itself; esbuild-register only strips the types.)
import type { Config } from "jest";

// ES-module-only packages that tests load; jest runs CommonJS, so ts-jest converts them.
// Add a package here when jest says "Must use import to load ES Module".
const esmPackages = [
  "@prisma/schema-engine-wasm",
  "next-intl",
  "use-intl",
  "intl-messageformat",
  "icu-minify",
  "@formatjs",
  "@schummar/icu-type-parser",
  // file-type (avatar probe) and its dependencies
  "file-type",
  "strtok3",
  "token-types",
  "@tokenizer",
  "uint8array-extras",
  "@borewit",
];
const esmPattern = esmPackages.map((name) => name.replace(/[/.]/g, "\\$&")).join("|");

// Unit and integration tests against the real PostgreSQL and Redis; every test file gets its
// own database and Redis prefix (see tests/helpers/db.ts). Browser tests (tests/e2e) run
// under Playwright instead.
const config: Config = {
  rootDir: ".",
  testEnvironment: "node",
  testMatch: [
    "<rootDir>/lib/**/*.test.ts",
    "<rootDir>/tests/integration/**/*.test.ts",
    "<rootDir>/tests/unit/**/*.test.ts",
    "<rootDir>/workers/**/*.test.ts",
  ],
  // Build output and runtime data hold copies of package.json and sources.
  modulePathIgnorePatterns: ["<rootDir>/.next/", "<rootDir>/var/", "<rootDir>/tests/e2e/"],
  moduleNameMapper: {
    "^@/(.*)$": "<rootDir>/$1",
    "^server-only$": "<rootDir>/tests/helpers/empty.js",
  },
  transform: {
    // tsconfig has isolatedModules, so ts-jest only transpiles (tsc does the type checking).
    "^.+\\.tsx?$": ["ts-jest", { tsconfig: { module: "commonjs", jsx: "react-jsx" } }],
    [`/node_modules/(${esmPattern})/.+\\.m?js$`]: [
      "ts-jest",
      { tsconfig: { module: "commonjs", allowJs: true, checkJs: false } },
    ],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPattern})/)`],
  globalSetup: "<rootDir>/tests/helpers/global-setup.ts",
  globalTeardown: "<rootDir>/tests/helpers/global-teardown.ts",
  setupFiles: ["<rootDir>/tests/helpers/setup-env.ts"],
  setupFilesAfterEnv: ["<rootDir>/tests/helpers/after-env.ts"],
  // Two on two cores. Three finished a whole run in 832 s against 922 s, but the contention stretched CPU-bound files
  // by half (the off-thread summary 32 → 49-62 s, past its timeout once): on a slower CI machine that is flakiness.
  maxWorkers: 2,
  testTimeout: 30_000,
};

export default config;
