import { maskPhone, parseMainlandPhone, phoneSignInBody, sendPhoneCodeBody } from "./phone.schema";

describe("parseMainlandPhone (validation rules: a valid phone number on the China edition)", () => {
  it.each([
    ["13812345678", "13812345678"],
    ["19912345678", "19912345678"],
    ["+8613812345678", "13812345678"],
    ["008613812345678", "13812345678"],
    ["8613812345678", "13812345678"],
    ["+86 138 1234 5678", "13812345678"],
    ["138-1234-5678", "13812345678"],
    ["(+86) 138.1234.5678", "13812345678"],
    ["  13812345678  ", "13812345678"],
  ])("accepts %j as %s", (raw, stored) => {
    expect(parseMainlandPhone(raw)).toBe(stored);
  });

  it.each([
    ["empty", ""],
    ["ten digits", "1381234567"],
    ["twelve digits", "138123456789"],
    ["second digit 2", "12812345678"],
    ["second digit 0", "10812345678"],
    ["landline", "02112345678"],
    ["starts with 2", "23812345678"],
    ["other country code", "+85213812345678"],
    ["letters", "1381234567a"],
    ["full-width digits", "１３８１２３４５６７８"],
    ["email", "user@example.com"],
    ["plus in the middle", "138+12345678"],
  ])("refuses %s", (_name, raw) => {
    expect(parseMainlandPhone(raw)).toBeNull();
  });

  it("masks the middle four digits for a phone account's name", () => {
    expect(maskPhone("13812345678")).toBe("138****5678");
  });
});

describe("request shapes", () => {
  it("POST /api/auth/phone takes {accesstoken, device_id, referral_code}", () => {
    const ok = phoneSignInBody.safeParse({ accesstoken: "a".repeat(43), device_id: "web_AbCd1234", referral_code: "ABC123" });
    expect(ok.success).toBe(true);
    expect(phoneSignInBody.safeParse({ accesstoken: "a".repeat(43), device_id: "phone_1" }).success).toBe(false);
    expect(phoneSignInBody.safeParse({ accesstoken: "short", device_id: "web_AbCd1234" }).success).toBe(false);
  });

  it("the terms are unaccepted unless the body says so", () => {
    const parsed = sendPhoneCodeBody.parse({ phone: "13812345678" });
    expect(parsed.terms_accepted).toBe(false);
  });
});
