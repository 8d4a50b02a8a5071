import { referralEmailKey } from "./email-key";

// One mailbox, however the address is written (docs/billing.md "Referral"). The expectations are
// the providers' documented delivery rules: "+tag" is delivered to the address without it (Gmail,
// Outlook, Fastmail, iCloud), and Gmail ignores dots in the local part and treats googlemail.com as gmail.com.
test.each([
  ["a@example.com", "a@example.com"],
  ["A@Example.COM", "a@example.com"],
  ["  a+1@example.com ", "a@example.com"],
  ["a+anything+more@example.com", "a@example.com"],
  ["a.b@example.com", "a.b@example.com"],
  ["A.B+news@GMail.com", "ab@gmail.com"],
  ["a.b.c@googlemail.com", "abc@gmail.com"],
  ["ab@gmail.com.", "ab@gmail.com"],
  ['"a"@example.com', '"a"@example.com'],
  ["+tag@example.com", "@example.com"],
  ["+other@example.com", "@example.com"],
])("%s → %s", (raw, key) => {
  expect(referralEmailKey(raw)).toBe(key);
});

test("not an address → null", () => {
  for (const raw of ["", "   ", "a", "@example.com", "a@", null, undefined]) expect(referralEmailKey(raw)).toBeNull();
});
