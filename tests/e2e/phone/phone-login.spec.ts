import { expect, test, type Page } from "playwright/test";
import { docShot, pasteDocument } from "../helpers";
import { E2E_CHINA_BASE_URL, E2E_SMS_PORT } from "../env";

// Issue 13 "China edition": on a .cn host (Chromium resolves *.cn to the local server, see env.ts)
// the login page is Chinese and signs in by phone: the terms agreement modal must be accepted before
// a code is sent, the server texts it through the loopback SMS proxy (the SMS proxy's contract), the resend
// button counts down 60 s, and phone + code sign in. The signed-in China edition then prices in CNY
// with Alipay, sends the video-platform tool away and names collaborators by phone.

test.use({ baseURL: E2E_CHINA_BASE_URL });

/** The code the loopback SMS proxy "texted" to this number. */
async function textedCode(phone: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${E2E_SMS_PORT}/test/last-code?name=86${phone}`);
  const { code } = (await res.json()) as { code: string | null };
  if (!code) throw new Error(`no code texted to ${phone}`);
  return code;
}

function newPhone(): string {
  return `137${String(Date.now()).slice(-8)}`;
}

/** Phone login from the login page: terms accepted in the modal, code from the proxy; ends on the app home. */
async function phoneSignIn(page: Page, phone: string) {
  await page.goto("/transcribe/login");
  await page.getByTestId("phone-input").fill(phone);
  await page.getByTestId("phone-send-code").click();
  await page.getByTestId("terms-accept").click();
  await expect(page.getByTestId("phone-code-sent")).toBeVisible();
  await page.getByTestId("phone-code-input").fill(await textedCode(phone));
  await page.getByTestId("phone-login-submit").click();
  await expect(page.getByTestId("transcribe-home").or(page.getByTestId("mobile-home"))).toBeVisible();
}

test("China edition login: Chinese, terms modal first, phone + texted code → signed in", async ({ page }) => {
  await page.goto("/transcribe/login");
  await expect(page.locator("html")).toHaveAttribute("data-edition", "china");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh");
  await expect(page.getByTestId("phone-login-form")).toBeVisible();
  await expect(page.getByTestId("login-email")).toHaveCount(0);
  await expect(page.getByTestId("human-check")).toHaveAttribute("data-state", "verified");
  await page.screenshot({ path: docShot("login-china-1280.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: docShot("login-china-390.png") });
  await page.setViewportSize({ width: 1280, height: 720 });

  // A number that is not a mainland mobile is refused in the page.
  await page.getByTestId("phone-input").fill("12345");
  await page.getByTestId("phone-send-code").click();
  await expect(page.getByTestId("phone-login-error")).toHaveText("请输入有效的中国大陆手机号");

  // Unticked terms: the modal opens; declining sends nothing.
  const phone = newPhone();
  await page.getByTestId("phone-input").fill(phone);
  await page.getByTestId("phone-send-code").click();
  await expect(page.getByTestId("terms-modal")).toBeVisible();
  await expect(page.getByTestId("terms-body")).toContainText("您的数据");
  await expect(page.getByTestId("phone-login-error")).toHaveCount(0);
  await page.screenshot({ path: docShot("login-china-terms-1280.png"), animations: "disabled" });
  await page.getByTestId("terms-decline").click();
  await expect(page.getByTestId("terms-modal")).toHaveCount(0);
  await expect(page.getByTestId("terms-checkbox")).not.toBeChecked();
  await expect(page.getByTestId("phone-code-sent")).toHaveCount(0);

  // Accepting ticks the box and sends the code; the button counts down from 60 s.
  await page.getByTestId("phone-send-code").click();
  await page.getByTestId("terms-accept").click();
  await expect(page.getByTestId("terms-checkbox")).toBeChecked();
  await expect(page.getByTestId("phone-code-sent")).toContainText(`${phone.slice(0, 3)}****${phone.slice(7)}`);
  const button = page.getByTestId("phone-send-code");
  await expect(button).toBeDisabled();
  await expect(button).toHaveText(/^(60|59|58) 秒后重发$/);
  const first = Number(await button.getAttribute("data-wait"));
  await expect.poll(async () => Number(await button.getAttribute("data-wait"))).toBeLessThan(first);

  // A wrong code says so; the texted one signs in.
  const code = await textedCode(phone);
  await page.getByTestId("phone-code-input").fill(code === "000000" ? "111111" : "000000");
  await page.getByTestId("phone-login-submit").click();
  await expect(page.getByTestId("phone-login-error")).toHaveText("验证码错误");
  await page.getByTestId("phone-code-input").fill(code);
  await page.getByTestId("phone-login-submit").click();
  await expect(page.getByTestId("transcribe-home")).toBeVisible();
  const user = await page.evaluate(() => JSON.parse(localStorage.getItem("auth:user") ?? "null") as { phone: string; edition: string } | null);
  expect(user).toMatchObject({ phone, edition: "china" });
  expect(await page.evaluate(() => localStorage.getItem("auth:token"))).toBeTruthy();
});

test("China edition signed in: prices in CNY with Alipay, no video-platform tool, collaborators added by phone number", async ({ page, browser }) => {
  test.setTimeout(240_000);
  // The collaborator-to-be signs in once, so the account exists.
  const otherContext = await browser.newContext({ baseURL: E2E_CHINA_BASE_URL });
  const other = await otherContext.newPage();
  const otherPhone = newPhone();
  await phoneSignIn(other, otherPhone);
  await otherContext.close();

  await phoneSignIn(page, newPhone());
  await page.goto("/transcribe/payment/plans");
  await expect(page.getByTestId("plans-page")).toHaveAttribute("data-currency", "CNY");
  await expect(page.getByTestId("plans-page")).toContainText("¥");
  await expect(page.getByTestId("plans-page")).toContainText("支付宝");

  // The video-platform tool is not offered on the China edition: its page sends the browser to the tools index.
  await page.goto("/tools/online-youtube-video-transcript");
  await expect(page).toHaveURL(/\/tools\/?$/);

  await page.goto("/transcribe/");
  const title = "灯塔修缮会议";
  await pasteDocument(page, `${title}\n王伟：冬季风暴来临之前，灯塔屋顶需要换上新的铜板。\n李娜：港务委员会批准了八千元用于屋顶和灯罩玻璃。`);
  const item = page.getByTestId("task-item").filter({ hasText: title }).first();
  await item.getByTestId("task-open").click();
  await expect(item).toHaveAttribute("data-status", "completed", { timeout: 120_000 });
  const entry = page.getByTestId("collaborators-open");
  if (!(await entry.isVisible())) await page.getByTestId("task-more").click();
  await entry.click();
  await expect(page.getByTestId("collaborators-dialog")).toBeVisible();
  // An email is not how the China edition names people.
  await page.getByTestId("collaborator-input").fill("someone@example.com");
  await page.getByTestId("collaborator-add").click();
  await expect(page.getByTestId("collaborator-error")).toBeVisible();
  await page.getByTestId("collaborator-input").fill(`+86 ${otherPhone.slice(0, 3)} ${otherPhone.slice(3, 7)} ${otherPhone.slice(7)}`);
  await page.getByTestId("collaborator-add").click();
  await expect(page.getByTestId("collaborator-list")).toContainText(otherPhone);
});
