import { notificationSupport, requestNotificationPermission } from "./notifications";
import enNotify from "@/messages/en/notify.json";

// The browser's own Notification API, played by a small fake on a bare `window`
// (jest runs in node); what is tested is our reading of its answers (states and transitions, error catalogue).
type Answer = NotificationPermission | undefined;

function installBrowser(opts: { permission?: NotificationPermission; ask?: () => Promise<Answer> | undefined; secure?: boolean; api?: boolean }) {
  const fake = {
    permission: opts.permission ?? "default",
    requestPermission: jest.fn((callback?: (p: NotificationPermission) => void) => {
      void callback;
      return opts.ask ? opts.ask() : Promise.resolve("default" as Answer);
    }),
  };
  const win: Record<string, unknown> = { isSecureContext: opts.secure ?? true };
  if (opts.api !== false) win.Notification = fake;
  (globalThis as unknown as { window: unknown }).window = win;
  return fake;
}

afterEach(() => {
  delete (globalThis as unknown as { window?: unknown }).window;
  jest.useRealTimers();
});

describe("notificationSupport", () => {
  test("reads the browser's permission", () => {
    installBrowser({ permission: "granted" });
    expect(notificationSupport()).toBe("granted");
    installBrowser({ permission: "denied" });
    expect(notificationSupport()).toBe("denied");
    installBrowser({ permission: "default" });
    expect(notificationSupport()).toBe("default");
  });

  test("no API, no window or an insecure page: unsupported", () => {
    expect(notificationSupport()).toBe("unsupported");
    installBrowser({ api: false });
    expect(notificationSupport()).toBe("unsupported");
    installBrowser({ secure: false });
    expect(notificationSupport()).toBe("unsupported");
  });
});

describe("requestNotificationPermission: the outcomes of states and transitions", () => {
  test("granted", async () => {
    installBrowser({ ask: () => Promise.resolve("granted") });
    await expect(requestNotificationPermission()).resolves.toBe("granted");
  });

  test("denied", async () => {
    installBrowser({ ask: () => Promise.resolve("denied") });
    await expect(requestNotificationPermission()).resolves.toBe("denied");
  });

  test("silently denied: the browser answers 'default' without the user deciding", async () => {
    installBrowser({ ask: () => Promise.resolve("default") });
    await expect(requestNotificationPermission()).resolves.toBe("silentlyDenied");
  });

  test("unsupported: nothing to ask", async () => {
    installBrowser({ api: false });
    await expect(requestNotificationPermission()).resolves.toBe("unsupported");
  });

  test("timed out: no answer within the time limit", async () => {
    jest.useFakeTimers();
    installBrowser({ ask: () => new Promise<Answer>(() => {}) });
    const outcome = requestNotificationPermission(30_000);
    jest.advanceTimersByTime(29_999);
    await Promise.resolve();
    jest.advanceTimersByTime(1);
    await expect(outcome).resolves.toBe("timedOut");
  });

  test("no response: the request settles without a permission", async () => {
    installBrowser({ ask: () => Promise.resolve(undefined) });
    await expect(requestNotificationPermission()).resolves.toBe("noResponse");
  });

  test("request error: the request throws or rejects", async () => {
    installBrowser({
      ask: () => {
        throw new Error("blocked by policy");
      },
    });
    await expect(requestNotificationPermission()).resolves.toBe("error");
    installBrowser({ ask: () => Promise.reject(new Error("no")) });
    await expect(requestNotificationPermission()).resolves.toBe("error");
  });

  test("the old callback form (Safari before 15) is answered too", async () => {
    const fake = installBrowser({});
    fake.requestPermission.mockImplementation((callback?: (p: NotificationPermission) => void) => {
      setTimeout(() => callback?.("granted"), 0);
      return undefined as unknown as Promise<NotificationPermission>;
    });
    await expect(requestNotificationPermission()).resolves.toBe("granted");
  });

  test("a decided permission is not asked again", async () => {
    const fake = installBrowser({ permission: "denied" });
    await expect(requestNotificationPermission()).resolves.toBe("denied");
    expect(fake.requestPermission).not.toHaveBeenCalled();
  });

  test("every outcome has its message", () => {
    const outcomes = ["granted", "denied", "silentlyDenied", "unsupported", "timedOut", "noResponse", "error"];
    for (const o of outcomes) expect(typeof (enNotify.outcome as Record<string, string>)[o]).toBe("string");
    expect(enNotify.outcome.denied).toMatch(/browser settings/);
  });
});
