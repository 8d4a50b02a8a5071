import { desktopPlatformOf, deviceLabel, inAppBrowserOf, isIos, mobilePlatformOf } from "@/lib/devices/user-agent";

// Real user agents as those apps send them.
const UA = {
  wechatIos:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.42(0x18002a2d) NetType/WIFI Language/zh_CN",
  wechatAndroid:
    "Mozilla/5.0 (Linux; Android 12; V2203A Build/SP1A.210812.003; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/86.0.4240.99 XWEB/4343 MMWEBSDK/20220903 Mobile Safari/537.36 MMWEBID/9040 MicroMessenger/8.0.28.2240(0x28001C35) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64",
  wechatAndroidTbs:
    "Mozilla/5.0 (Linux; Android 9; MI 8 Build/PKQ1.180729.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/66.0.3359.126 MQQBrowser/6.2 TBS/044705 Mobile Safari/537.36 MMWEBID/8584 MicroMessenger/7.0.3.1400(0x2700033A) Process/tools NetType/WIFI Language/zh_CN",
  qqIos:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 15_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 QQ/8.8.38.633 V1_IPH_SQ_8.8.38_1_APP_A Pixel/1170 MiniAppEnable SimpleUISwitch/0 StudyMode/0 QQTheme/1000 Core/WKWebView Device/Apple(iPhone 12) NetType/WIFI QBWebViewType/1 WKType/1",
  qqAndroid:
    "Mozilla/5.0 (Linux; Android 10; PCT-AL10 Build/HUAWEIPCT-AL10; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/77.0.3865.120 MQQBrowser/6.2 TBS/045313 Mobile Safari/537.36 V1_AND_SQ_8.4.8_1492_YYB_D QQ/8.4.8.4810 NetType/WIFI WebP/0.3.0 Pixel/1080 StatusBarHeight/96 SimpleUISwitch/0 QQTheme/1000 InMagicWin/0",
  qqBrowser:
    "Mozilla/5.0 (Linux; U; Android 11; zh-cn; PDEM10 Build/RKQ1.200903.002) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/89.0.4389.72 MQQBrowser/12.1 Mobile Safari/537.36 COVC/045913",
  weibo:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 16_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Weibo (iPhone14,5__weibo__13.1.1__iphone__os16.1)",
  weiboAndroid:
    "Mozilla/5.0 (Linux; Android 11; M2011K2C Build/RKQ1.200928.002; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/87.0.4280.141 Mobile Safari/537.36 Weibo (Xiaomi-M2011K2C__weibo__11.12.1__android__android11)",
  line: "Mozilla/5.0 (iPhone; CPU iPhone OS 16_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/13.10.0",
  lineAndroid:
    "Mozilla/5.0 (Linux; Android 13; SM-S911B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/114.0.5735.196 Mobile Safari/537.36 Line/13.9.2/IAB",
  facebookIos:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBDV/iPhone13,2;FBMD/iPhone;FBSN/iOS;FBSV/16.6;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5]",
  facebookAndroid:
    "Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230805.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.5845.92 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/429.0.0.27.109;]",
  messenger:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 15_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/MessengerForiOS;FBAV/359.0.0.40.101;FBBV/356466236;FBDV/iPhone12,1;FBMD/iPhone;FBSN/iOS;FBSV/15.4]",
  instagramIos:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 295.0.0.22.109 (iPhone13,2; iOS 16_6; en_US; en; scale=3.00; 1170x2532; 502839574)",
  instagramAndroid:
    "Mozilla/5.0 (Linux; Android 13; SM-G991B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.5845.92 Mobile Safari/537.36 Instagram 298.0.0.31.110 Android (33/13; 480dpi; 1080x2176; samsung; SM-G991B; o1s; exynos2100; en_US; 511410567)",
  safariIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1",
  ipadDesktopMode:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15",
  chromeAndroid:
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36",
  chromeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
  edgeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.61",
  firefoxLinux: "Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0",
  headlessChromium:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.6099.28 Safari/537.36",
  // Words that merely look like app names.
  lookalikes: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Inline/2.0 Chrome/120 Safari/537.36 Weibull FBX",
};

describe("inAppBrowserOf", () => {
  test.each([
    ["wechatIos", "wechat"],
    ["wechatAndroid", "wechat"],
    ["wechatAndroidTbs", "wechat"],
    ["qqIos", "qq"],
    ["qqAndroid", "qq"],
    ["weibo", "weibo"],
    ["weiboAndroid", "weibo"],
    ["line", "line"],
    ["lineAndroid", "line"],
    ["facebookIos", "facebook"],
    ["facebookAndroid", "facebook"],
    ["messenger", "facebook"],
    ["instagramIos", "instagram"],
    ["instagramAndroid", "instagram"],
  ] as const)("%s is the %s in-app browser", (name, app) => {
    expect(inAppBrowserOf(UA[name])).toBe(app);
  });

  test.each(["qqBrowser", "safariIphone", "ipadDesktopMode", "chromeAndroid", "chromeWindows", "edgeWindows", "firefoxLinux", "headlessChromium", "lookalikes"] as const)(
    "%s is an ordinary browser",
    (name) => {
      expect(inAppBrowserOf(UA[name])).toBeNull();
    },
  );

  test("no user agent is an ordinary browser", () => {
    expect(inAppBrowserOf("")).toBeNull();
    expect(inAppBrowserOf(null)).toBeNull();
    expect(inAppBrowserOf(undefined)).toBeNull();
  });
});

describe("platforms", () => {
  test("iPhones and in-app browsers on iPhones are iOS", () => {
    expect(isIos(UA.safariIphone)).toBe(true);
    expect(isIos(UA.wechatIos)).toBe(true);
    expect(mobilePlatformOf(UA.instagramIos)).toBe("ios");
  });

  test("an iPad asking for the desktop site is iOS only with a touch screen", () => {
    expect(isIos(UA.ipadDesktopMode, 5)).toBe(true);
    expect(isIos(UA.ipadDesktopMode, 0)).toBe(false);
    expect(desktopPlatformOf(UA.ipadDesktopMode, 5)).toBeNull();
    expect(desktopPlatformOf(UA.ipadDesktopMode, 0)).toBe("macos");
  });

  test("Android phones are Android, not desktops", () => {
    expect(mobilePlatformOf(UA.chromeAndroid)).toBe("android");
    expect(mobilePlatformOf(UA.wechatAndroid)).toBe("android");
    expect(desktopPlatformOf(UA.chromeAndroid)).toBeNull();
    expect(isIos(UA.chromeAndroid)).toBe(false);
  });

  test("desktops: Windows and macOS have clients, Linux has none", () => {
    expect(desktopPlatformOf(UA.chromeWindows)).toBe("windows");
    expect(desktopPlatformOf(UA.edgeWindows)).toBe("windows");
    expect(desktopPlatformOf(UA.firefoxLinux)).toBeNull();
    expect(mobilePlatformOf(UA.chromeWindows)).toBeNull();
    expect(mobilePlatformOf(null)).toBeNull();
  });
});

test("a device's label names its browser and system from real user agents", () => {
  const cases: [string, string][] = [
    ["Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36", "Chrome · Android"],
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1", "Safari · iOS"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0", "Edge · Windows"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0", "Firefox · macOS"],
    ["curl/8.5.0", "Browser"],
  ];
  for (const [ua, label] of cases) expect(deviceLabel(ua)).toBe(label);
});
