// Imported first by nginx-scale.test.ts: the web trusts one proxy, as the scale profile runs it,
// before lib/server/env.ts reads its settings.
process.env.TRUST_PROXY = "1";
