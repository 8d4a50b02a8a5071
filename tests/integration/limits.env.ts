// Imported first by limits.test.ts: settings must be in place before lib/server/env.ts reads them.
// Small limits, so that a few calls reach them; X-Forwarded-For is believed (one proxy in front).
process.env.TRUST_PROXY = "1";
process.env.LOGIN_SEND_PER_IP_PER_MINUTE = "8";
process.env.LOGIN_LINKS_PER_ADDRESS = "5";
process.env.AI_REQUESTS_PER_MINUTE = "4";
process.env.AI_REQUESTS_PER_DAY = "3";
process.env.AI_REQUESTS_PER_DAY_PRO = "6";
delete process.env.AI_BASE_URL;
delete process.env.AI_API_KEY;
delete process.env.SMTP_URL;
export {};
