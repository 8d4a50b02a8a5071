import { metricsTokenProblem } from "./secrets";

describe("METRICS_TOKEN at start", () => {
  it("is fine unset (admins only) or long and random", () => {
    expect(metricsTokenProblem(undefined)).toBeNull();
    expect(metricsTokenProblem("9f2c41d7a8e35b06c1f4e7a92d3b58c07e1a4f6d2b9c3e85")).toBeNull();
  });

  it("refuses empty, short, placeholder and patterned tokens", () => {
    for (const weak of ["", "secret", "changeme-changeme-changeme-changeme", "abcabcabcabcabcabcabcabcabcabcabcabc", "a".repeat(40)]) {
      expect(metricsTokenProblem(weak)).toMatch(/^METRICS_TOKEN /);
    }
  });
});
