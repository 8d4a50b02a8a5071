import { productionSecretProblems } from "@/lib/server/secrets";

// The proof-of-work signing key: derived from AUTH_SECRET unless ALTCHA_HMAC_KEY is set, which is then held to the same bar.
const goodAuth = "Zq8#vN2!pL5@xR7$kT1%mW4^bY6&cH9*";

test("a weak ALTCHA_HMAC_KEY refuses the production start, saying which setting and how to fix it", () => {
  for (const weak of ["changeme", "short-key", "a".repeat(40), "your-secret-key-for-altcha-challenges"]) {
    const problems = productionSecretProblems({ NODE_ENV: "production", AUTH_SECRET: goodAuth, ALTCHA_HMAC_KEY: weak });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^ALTCHA_HMAC_KEY /);
    expect(problems[0]).toContain("set ALTCHA_HMAC_KEY");
  }
});

test("unset (derived from AUTH_SECRET) or strong is fine; development never refuses", () => {
  expect(productionSecretProblems({ NODE_ENV: "production", AUTH_SECRET: goodAuth })).toEqual([]);
  expect(productionSecretProblems({ NODE_ENV: "production", AUTH_SECRET: goodAuth, ALTCHA_HMAC_KEY: "k3J9#sL2@qP8!vX5$wN1%zR7^tB4&yM6" })).toEqual([]);
  expect(productionSecretProblems({ NODE_ENV: "development", AUTH_SECRET: goodAuth, ALTCHA_HMAC_KEY: "x" })).toEqual([]);
});
