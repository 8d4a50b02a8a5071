import "./editions.env";
import fs from "node:fs";
import path from "node:path";
import { POST as sendLink } from "@/app/api/auth/email/send/route";
import { POST as verifyLink } from "@/app/api/auth/email/verify/route";
import { GET as currentUser } from "@/app/api/auth/user/route";
import { loginMethods } from "@/lib/auth/login-methods";
import { prisma } from "@/lib/server/prisma";
import { call } from "@/tests/helpers/api";
import { setupTestDatabase } from "@/tests/helpers/db";
import { solvedHumanToken } from "@/tests/helpers/human";
import { CHINA_HOST } from "@/tests/helpers/users";

// A China host with no SMS proxy (this test's settings) signs in by email link (docs/auth.md "Which ways
// in a host offers"): behind the terms agreement, with a link back to the China site, and the account it
// makes belongs to the China edition.
jest.setTimeout(60_000);

beforeAll(setupTestDatabase);

/** The newest login mail to `email`: its link, whole. */
function mailedLink(email: string): string {
  const dir = path.join(process.env.DATA_DIR ?? path.join(process.cwd(), "var"), "outbox");
  const files = fs.readdirSync(dir).filter((f) => f.includes(email.replace(/[^a-z0-9@._-]/gi, "_"))).sort();
  if (!files.length) throw new Error(`no mail to ${email}`);
  const mail = JSON.parse(fs.readFileSync(path.join(dir, files.at(-1)!), "utf8")) as { text: string };
  return /https?:\/\/\S+/.exec(mail.text)![0];
}

const mailsTo = (email: string) => {
  const dir = path.join(process.env.DATA_DIR ?? path.join(process.cwd(), "var"), "outbox");
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.includes(email)).length : 0;
};

test("without an SMS proxy the China edition offers the email link, and neither phone nor Google", () => {
  expect(process.env.SMS_PROXY_URL).toBeUndefined();
  expect(loginMethods("china")).toMatchObject({ phone: false, email: true, google: false });
  expect(loginMethods("international")).toMatchObject({ phone: false, email: true });
});

test("an email sign-up on the China host needs the terms, links back to the China site and makes a China account", async () => {
  const email = `cn-email-${Date.now()}@example.com`;
  const refused = await call(sendLink, { json: { turnstile_token: await solvedHumanToken(), email, origin: "transcribe" }, headers: CHINA_HOST });
  expect([refused.status, refused.data]).toEqual([400, { error: "phone.termsRequired" }]);
  expect(refused.message).toBe("请先阅读并同意《用户协议》和《隐私政策》");
  expect(mailsTo(email)).toBe(0);

  const sent = await call(sendLink, { json: { turnstile_token: await solvedHumanToken(), email, origin: "transcribe", terms_accepted: true }, headers: CHINA_HOST });
  expect(sent.code).toBe(200);
  const link = new URL(mailedLink(email));
  expect(link.origin + link.pathname).toBe("https://tingji.example.cn/transcribe/callback");

  const res = await call<{ access_token: string; user_info: { id: string } }>(verifyLink, { json: { access_token: link.searchParams.get("token"), device_id: "web_cnemail1" }, headers: CHINA_HOST });
  expect(res.code).toBe(200);
  expect((await prisma.user.findUniqueOrThrow({ where: { id: res.data.user_info.id } })).edition).toBe("china");
  expect((await call(currentUser, { token: res.data.access_token, headers: CHINA_HOST })).code).toBe(200);
  // Its token is the China edition's: the international host answers with the region access notice.
  const abroad = await call(currentUser, { token: res.data.access_token });
  expect([abroad.status, abroad.data]).toMatchObject([403, { error: "auth.wrongEdition", registered_edition: "china" }]);
});

test("the international host's email link needs no terms and still links to APP_URL", async () => {
  const email = `intl-email-${Date.now()}@example.com`;
  const sent = await call(sendLink, { json: { turnstile_token: await solvedHumanToken(), email, origin: "tools" } });
  expect(sent.code).toBe(200);
  expect(mailedLink(email).startsWith(`${process.env.APP_URL ?? "http://localhost:3000"}/tools/callback?token=`)).toBe(true);
});
