// Imported first by editions.test.ts: the two editions' public addresses, which the region access notice names.
process.env.CHINA_SITE_URL = "https://tingji.example.cn";
process.env.INTERNATIONAL_SITE_URL = "https://tingji.example.com";
export {};
