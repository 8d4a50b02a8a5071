// Imported first by verify.test.ts: restricted regions and the editions' addresses, read once by lib/server/env.ts.
process.env.TRUST_PROXY = "1";
process.env.RESTRICTED_COUNTRIES = "KP, ir ,xx-bad";
process.env.COUNTRY_HEADER = "x-country";
process.env.REGION_REDIRECT_URL = "https://global.example.org/restricted";
process.env.CHINA_SITE_URL = "https://tingji.example.cn";
process.env.INTERNATIONAL_SITE_URL = "https://tingji.example.com";
process.env.CHINA_HOSTS = "cn.localhost";
