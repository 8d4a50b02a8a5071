import { POST as sendLink } from "@/app/api/auth/email/send/route";
import { POST as verifyLink } from "@/app/api/auth/email/verify/route";
import { prisma } from "@/lib/server/prisma";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call } from "@/tests/helpers/api";
import { latestLinkToken } from "@/tests/helpers/users";
import { solvedHumanToken } from "@/tests/helpers/human";

// The login link's return_url is checked when the link is made (lib/server/return-url.ts):
// a hostile one is dropped (the callback then goes to the default, /transcribe/), never
// stored and never handed back to the browser after sign-in.

beforeAll(async () => {
  await setupTestDatabase();
});

let n = 0;
async function sendAndVerify(returnUrl: string) {
  const email = `ret${++n}-${Date.now()}@example.com`;
  const sent = await call(sendLink, { json: { turnstile_token: await solvedHumanToken(), email, origin: "transcribe", return_url: returnUrl } });
  expect(sent.code).toBe(200);
  const stored = await prisma.loginLink.findFirstOrThrow({ where: { email }, select: { returnUrl: true } });
  const res = await call<{ return_url: string | null }>(verifyLink, { json: { access_token: latestLinkToken(email), device_id: "web_retur001" } });
  expect(res.code).toBe(200);
  return { stored: stored.returnUrl, returned: res.data.return_url };
}

it.each(["/\t/evil.example", "/%09/evil.example", "//evil.example/", "/\\evil.example", "/api/media/x?exp=1&sig=y"])("drops %j to the default", async (hostile) => {
  expect(await sendAndVerify(hostile)).toEqual({ stored: null, returned: null });
});

it("keeps a path of our pages", async () => {
  expect(await sendAndVerify("/transcribe/?task=abc")).toEqual({ stored: "/transcribe/?task=abc", returned: "/transcribe/?task=abc" });
});
