import { parseIdentifier } from "./collab.schema";

// The identifier rules the server and the add form share (docs/collab.md "Identifiers per edition").
test("international edition: an email, lower-cased and trimmed", () => {
  expect(parseIdentifier("  Carol@Example.COM ", "international")).toEqual({ kind: "email", value: "carol@example.com" });
  for (const bad of ["", "carol", "carol@", "@example.com", "carol@example", "ca rol@example.com", "13800138000"]) expect(parseIdentifier(bad, "international")).toBeNull();
});

test("China edition: a mainland mobile number, prefixes and separators ignored", () => {
  for (const ok of ["13800138000", "+86 138 0013 8000", "0086-138-0013-8000", "(138) 0013-8000", "8613800138000"]) {
    expect(parseIdentifier(ok, "china")).toEqual({ kind: "phone", value: "13800138000" });
  }
  for (const bad of ["", "12345", "12800138000", "1380013800", "138001380001", "carol@example.com"]) expect(parseIdentifier(bad, "china")).toBeNull();
});
