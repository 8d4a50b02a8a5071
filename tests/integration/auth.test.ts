import { POST as sendLink } from "@/app/api/auth/email/send/route";
import { POST as verifyLink } from "@/app/api/auth/email/verify/route";
import { GET as getUser } from "@/app/api/auth/user/route";
import { POST as logout } from "@/app/api/auth/logout/route";
import { PUT as putLanguage } from "@/app/api/auth/user/language/route";
import { PUT as putPreferences } from "@/app/api/auth/user/preferences/route";
import { GET as devStatus, POST as devLogin } from "@/app/api/auth/dev/route";
import { prisma } from "@/lib/server/prisma";
import { sha256 } from "@/lib/auth/tokens";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call } from "@/tests/helpers/api";
import { latestLinkToken, signIn } from "@/tests/helpers/users";
import { solvedHumanToken } from "@/tests/helpers/human";
import { sleep, waitFor } from "@/tests/helpers/wait";

beforeAll(async () => {
  await setupTestDatabase();
});

const device = "web_abcd1234";

describe("email login link", () => {
  it("signs in once with a mailed link, which then cannot be used again", async () => {
    const email = "ada@example.com";
    const sent = await call<{ sent: boolean; expires_at: string }>(sendLink, { json: { turnstile_token: await solvedHumanToken(), email, origin: "transcribe", return_url: "/transcribe/?x=1" } });
    expect(sent.code).toBe(200);
    const minutesValid = (new Date(sent.data.expires_at).getTime() - Date.now()) / 60000;
    expect(minutesValid).toBeGreaterThan(14);
    expect(minutesValid).toBeLessThanOrEqual(15);

    const token = latestLinkToken(email);
    const first = await call<{ access_token: string; device_id: string; user_info: { email: string }; return_url: string }>(verifyLink, {
      json: { access_token: token, device_id: device },
    });
    expect(first.code).toBe(200);
    expect(first.data.device_id).toBe(device);
    expect(first.data.user_info.email).toBe(email);
    expect(first.data.return_url).toBe("/transcribe/?x=1");

    const me = await call<{ email: string }>(getUser, { token: first.data.access_token });
    expect(me.data.email).toBe(email);

    const again = await call(verifyLink, { json: { access_token: token, device_id: device } });
    expect(again.status).toBe(400);
    expect(again.data).toMatchObject({ error: "auth.linkUsed" });
    expect(again.message).toBe("This login link has already been used");
  });

  it("rejects expired and unknown links with their own messages", async () => {
    const email = "old@example.com";
    await call(sendLink, { json: { turnstile_token: await solvedHumanToken(), email, origin: "transcribe" } });
    const token = latestLinkToken(email);
    await prisma.loginLink.update({ where: { tokenHash: sha256(token) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await call(verifyLink, { json: { access_token: token, device_id: device } });
    expect(expired.data).toMatchObject({ error: "auth.linkExpired" });

    const unknown = await call(verifyLink, { json: { access_token: "x".repeat(43), device_id: device } });
    expect(unknown.data).toMatchObject({ error: "auth.linkInvalid" });
  });

  it("answers in the caller's language", async () => {
    const res = await call(verifyLink, { json: { access_token: "y".repeat(43), device_id: device }, headers: { "x-locale": "de" } });
    expect(res.data).toMatchObject({ error: "auth.linkInvalid" });
    expect(res.message).not.toBe("This login link is invalid");
    expect(res.message.length).toBeGreaterThan(5);
  });

  it("rejects a malformed email and a bad device id", async () => {
    const bad = await call(sendLink, { json: { email: "not-an-email", origin: "transcribe" } });
    expect(bad.status).toBe(400);
    const badDevice = await call(verifyLink, { json: { access_token: "z".repeat(43), device_id: "phone_1" } });
    expect(badDevice.status).toBe(400);
  });
});

describe("session", () => {
  it("requires a bearer token and refuses a forged one", async () => {
    expect((await call(getUser)).status).toBe(401);
    const none = await call(getUser, { token: "forged.token.value" });
    expect(none.status).toBe(401);
    expect(none.message).toBe("Unauthorized or login expired");
  });

  it("logout revokes the token", async () => {
    const u = await signIn("logout");
    expect((await call(getUser, { token: u.token })).code).toBe(200);
    expect((await call(logout, { token: u.token, json: { device_id: u.deviceId } })).code).toBe(200);
    expect((await call(getUser, { token: u.token })).status).toBe(401);
  });

  it("marks a session used at most once a minute, without the answer waiting for it", async () => {
    const u = await signIn("touch");
    const stale = new Date(Date.now() - 5 * 60_000);
    await prisma.session.updateMany({ where: { userId: u.userId }, data: { lastUsedAt: stale } });
    expect((await call(getUser, { token: u.token })).code).toBe(200);
    // The touch is written in the background: wait for it, then a second call within the minute writes nothing.
    const lastUsed = async () => (await prisma.session.findFirstOrThrow({ where: { userId: u.userId } })).lastUsedAt;
    const touched = await waitFor("the session touch", async () => {
      const at = await lastUsed();
      return at > stale && at;
    }, { timeoutMs: 5_000, everyMs: 20 });
    expect(touched.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await call(getUser, { token: u.token })).code).toBe(200);
    await sleep(100);
    expect(await lastUsed()).toEqual(touched);
  });

  it("stores language and preferences", async () => {
    const u = await signIn("prefs");
    const lang = await call<{ ui_language: string }>(putLanguage, { token: u.token, json: { language: "ja" }, method: "PUT" });
    expect(lang.data.ui_language).toBe("ja");
    const bad = await call(putLanguage, { token: u.token, json: { language: "xx" }, method: "PUT" });
    expect(bad.status).toBe(400);
    const prefs = await call<{ summary_language: string; username: string }>(putPreferences, {
      token: u.token,
      method: "PUT",
      json: { summary_language: "fr", username: "Ada" },
    });
    expect(prefs.data).toMatchObject({ summary_language: "fr", username: "Ada" });
  });

  it("offers no development login unless it is configured", async () => {
    const status = await call<{ enabled: boolean }>(devStatus);
    expect(status.data.enabled).toBe(false);
    const attempt = await call(devLogin, { json: {} });
    expect(attempt.status).toBe(403);
  });
});
