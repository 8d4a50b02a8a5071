import { loginMethodsFor, type LoginSettings } from "./login-methods";

// A way in is offered only when it can work (docs/auth.md "Which ways in a host offers").
describe("the ways in a host offers", () => {
  const none: Omit<LoginSettings, "edition"> = { smsProxy: false, google: false, dev: false };

  it("China edition: phone with an SMS proxy, else the email link; never Google", () => {
    expect(loginMethodsFor({ edition: "china", ...none, smsProxy: true, google: true })).toEqual({ phone: true, email: false, google: false, dev: false });
    expect(loginMethodsFor({ edition: "china", ...none, google: true })).toEqual({ phone: false, email: true, google: false, dev: false });
  });

  it("international edition: the email link always, Google only with its client settings, never phone", () => {
    expect(loginMethodsFor({ edition: "international", ...none, smsProxy: true })).toEqual({ phone: false, email: true, google: false, dev: false });
    expect(loginMethodsFor({ edition: "international", ...none, google: true })).toMatchObject({ google: true, email: true });
  });

  it("the development login only when configured, on either edition", () => {
    expect(loginMethodsFor({ edition: "china", ...none, smsProxy: true, dev: true }).dev).toBe(true);
    expect(loginMethodsFor({ edition: "international", ...none }).dev).toBe(false);
  });

  it("every host has at least one way in", () => {
    for (const edition of ["china", "international"] as const)
      for (const smsProxy of [false, true]) {
        const m = loginMethodsFor({ edition, ...none, smsProxy });
        expect(m.email || m.phone).toBe(true);
      }
  });
});
