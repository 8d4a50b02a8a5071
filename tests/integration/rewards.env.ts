// Imported first by rewards.test.ts: it signs up some fifty accounts within a minute from one
// test client, past the default per-address login limits (limits.test.ts covers those).
process.env.LOGIN_SEND_PER_IP_PER_MINUTE = "500";
process.env.LOGIN_VERIFY_PER_IP_PER_MINUTE = "500";
export {};
