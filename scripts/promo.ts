// Operator commands for rewards (docs/billing.md "Referral, promo codes, rewards"):
//   npm run promo -- create --minutes 500 [--expires 2027-01-31] [--uses 100] [--code NAME]   prints the code
//   npm run promo -- deactivate <code>
//   npm run promo -- community-reward <email>    1,000 minutes, once, to a paying member who joined the community
//   npm run promo -- grant-plan <email> <trial|enterprise|free>   a granted plan (no payment), or back to free
import { parseArgs } from "node:util";
import { createPromoCode, deactivatePromoCode } from "../lib/rewards/promo";
import { grantCommunityReward } from "../lib/rewards/community";
import { COMMUNITY_REWARD_MINUTES } from "../lib/rewards/constants";
import { prisma } from "../lib/server/prisma";
import { grantPlan, grantedPlans } from "../lib/billing/subscriptions";

const USAGE = `usage:
  npm run promo -- create --minutes <n> [--expires YYYY-MM-DD] [--uses <n>] [--code NAME]
  npm run promo -- deactivate <code>
  npm run promo -- community-reward <email>
  npm run promo -- grant-plan <email> <trial|enterprise|free>`;

function wholeNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) <= 0) throw new Error(`--${name} must be a positive whole number`);
  return Number(value);
}

/** An expiry date means "valid through that day" (UTC): the code stops at the next midnight. */
function endOfDay(value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) throw new Error("--expires must be a date YYYY-MM-DD");
  return new Date(Date.parse(value) + 24 * 3600 * 1000);
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === "create") {
    const { values } = parseArgs({ args: rest, options: { minutes: { type: "string" }, expires: { type: "string" }, uses: { type: "string" }, code: { type: "string" } } });
    const minutes = wholeNumber("minutes", values.minutes);
    if (!minutes) throw new Error("--minutes is required");
    const promo = await createPromoCode({ minutes, expiresAt: endOfDay(values.expires), maxUses: wholeNumber("uses", values.uses), code: values.code });
    const limits = [`${promo.minutes} minutes`, promo.expiresAt ? `expires ${promo.expiresAt.toISOString()}` : "no expiry", promo.maxUses ? `${promo.maxUses} uses` : "no use limit"];
    console.error(`created (${limits.join(", ")}):`);
    console.log(promo.code);
    return 0;
  }
  if (command === "deactivate" && rest[0]) {
    console.log(`deactivated ${(await deactivatePromoCode(rest[0])).code}`);
    return 0;
  }
  if (command === "community-reward" && rest[0]) {
    const result = await grantCommunityReward(rest[0]);
    const text = {
      granted: `granted ${COMMUNITY_REWARD_MINUTES} minutes to ${rest[0]}`,
      alreadyGranted: `${rest[0]} already received the community reward; nothing changed`,
      notPaying: `${rest[0]} is not a paying member; nothing granted`,
      noSuchUser: `no account with the email ${rest[0]}`,
    }[result];
    (result === "granted" ? console.log : console.error)(text);
    return result === "granted" ? 0 : 1;
  }
  const plan = rest[1] as (typeof grantedPlans)[number] | "free" | undefined;
  if (command === "grant-plan" && rest[0] && plan && [...grantedPlans, "free"].includes(plan)) {
    const result = await grantPlan(rest[0], plan);
    const text = { granted: `${rest[0]} is now on ${plan}`, noSuchUser: `no account with the email ${rest[0]}`, subscribed: `${rest[0]} has a live subscription; nothing changed` }[result];
    (result === "granted" ? console.log : console.error)(text);
    return result === "granted" ? 0 : 1;
  }
  console.error(USAGE);
  return 2;
}

main(process.argv.slice(2))
  .then((code) => (process.exitCode = code))
  .catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exitCode = 1;
  })
  .finally(() => void prisma.$disconnect());
